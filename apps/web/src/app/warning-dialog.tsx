import Modal from 'antd/es/modal';
import type { PendingWarning } from '../lib/ui-bridge';

/** The oldest pending warning; closing it runs the caller's follow-up (sign-in page, reload). */
export default function WarningDialog({ warning }: { warning: PendingWarning }) {
  return (
    <Modal
      open
      title="提示"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      okText="确定"
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={warning.close}
    >
      {warning.content}
    </Modal>
  );
}
