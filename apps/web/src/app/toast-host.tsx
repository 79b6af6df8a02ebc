import { useEffect } from 'react';
import message from 'antd/es/message';
import { setMessageInstance } from '../lib/ui-bridge';

/** Mounted on the first toast; from then on error toasts go through antd's context-aware API. */
export default function ToastHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setMessageInstance(api);
    return () => setMessageInstance(undefined);
  }, [api]);
  return holder;
}
