import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { deleteSession, renameSession } from '../api/session-api';
import type { SessionModuleConfig } from '../config/session-modules';
import { sessionsKey } from '../hooks/use-sessions';
import { useSessionStore } from '../store/session-store';

interface SessionMenuProps {
  config: SessionModuleConfig;
  sessionId: string;
  name: string;
}

/** 重命名 and 删除 of the open session, as buttons in its header (no hover-only actions). */
export function SessionMenu({ config, sessionId, name }: SessionMenuProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(name);
  const [saving, setSaving] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionsKey(config.name) }),
      queryClient.invalidateQueries({ queryKey: ['session-info', config.name, sessionId] }),
    ]);

  const rename = async () => {
    const next = draft.trim();
    if (!next) return;
    setSaving(true);
    try {
      await renameSession(config, sessionId, next);
      await refresh();
      setRenaming(false);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    try {
      await deleteSession(config, sessionId);
    } catch {
      return;
    }
    useSessionStore.getState().dropSession(sessionId);
    void queryClient.invalidateQueries({ queryKey: sessionsKey(config.name) });
    void navigate(`${config.topPath}/welcome`, { replace: true });
  };

  return (
    <>
      <Button
        className="session-touch"
        type="text"
        icon={<EditOutlined />}
        aria-label="重命名会话"
        title="重命名会话"
        onClick={() => {
          setDraft(name);
          setRenaming(true);
        }}
      />
      <Popconfirm
        title="删除这个会话？"
        description="会话的消息和文件都会删除。"
        okText="删除"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onConfirm={() => remove()}
      >
        <Button
          className="session-touch"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label="删除会话"
          title="删除会话"
        />
      </Popconfirm>
      <Modal
        open={renaming}
        title="重命名会话"
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        okButtonProps={{ disabled: !draft.trim() }}
        onOk={() => void rename()}
        onCancel={() => setRenaming(false)}
        destroyOnHidden
      >
        <Input
          value={draft}
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => void rename()}
          aria-label="会话名称"
          autoFocus
        />
      </Modal>
    </>
  );
}
