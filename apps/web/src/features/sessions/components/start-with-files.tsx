import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SessionFile } from '@portal/contract';
import { FileUpload } from '../../../components/upload';
import { createSession, sessionFileParser, uploadUrl } from '../api/session-api';
import type { SessionModuleConfig } from '../config/session-modules';
import { filesKey } from '../hooks/use-session-files';
import { sessionsKey } from '../hooks/use-sessions';

/**
 * The welcome page's 新建会话并上传…: the button opens the file picker (the zone also takes a drop).
 * The session is created only once a file is on its way, the files go up here, and the page moves
 * to the session when they are stored; a cancelled pick leaves nothing behind.
 */
export function StartWithFiles({ config, label }: { config: SessionModuleConfig; label: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useRef<Promise<string> | null>(null);
  const sessionId = useRef('');

  const action = useCallback(() => {
    session.current ??= createSession(config, {}).then((s) => {
      sessionId.current = s.session_id;
      return uploadUrl(config, s.session_id);
    });
    // A failed create is tried again at the next pick.
    session.current.catch(() => (session.current = null));
    return session.current;
  }, [config]);

  const onUploaded = useCallback(
    (file: SessionFile) =>
      queryClient.setQueryData<SessionFile[]>(filesKey(config.name, file.session_id), (files = []) => [
        ...files.filter((f) => f.file_id !== file.file_id),
        file,
      ]),
    [config.name, queryClient],
  );

  const onFinished = useCallback(
    (stored: number) => {
      if (stored === 0 || !sessionId.current) return;
      void queryClient.invalidateQueries({ queryKey: sessionsKey(config.name) });
      void navigate(`${config.topPath}/session?id=${sessionId.current}`);
    },
    [config, navigate, queryClient],
  );

  return (
    <FileUpload<SessionFile>
      action={action}
      schema={sessionFileParser}
      rules={config.upload}
      accept={config.accept}
      hint={config.uploadHint}
      multiple
      buttonLabel={label}
      onUploaded={onUploaded}
      onFinished={onFinished}
    />
  );
}
