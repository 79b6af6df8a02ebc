import { Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';

interface PortraitConsentProps {
  open: boolean;
  onAgree: () => void;
  onCancel: () => void;
}

/**
 * Asked before the first face photo is uploaded: what is stored, who sees it, how it is deleted.
 * The server also refuses a photo set without this agreement.
 */
export function PortraitConsent({ open, onAgree, onCancel }: PortraitConsentProps) {
  const [checked, setChecked] = useState(false);
  return (
    <Modal
      open={open}
      title="人脸照片使用说明"
      okText="同意并上传"
      cancelText="取消"
      okButtonProps={{ disabled: !checked }}
      onOk={onAgree}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>人像写真需要用你的照片训练一个只属于你的个人模型。上传前请了解：</Typography.Paragraph>
      <ul className="ab-consent">
        <li>保存的内容：你上传的人脸照片、训练出的个人模型、用它生成的写真图片，以及你同意本说明的时间。</li>
        <li>谁能看到：只有你本人。其他同事（包括管理员在页面上）都看不到你的照片和写真。</li>
        <li>用途：照片只发送到公司自己的 GPU 引擎，用来训练你的个人模型和生成写真，不做其他用途。</li>
        <li>如何删除：在照片集上点“删除”，照片、个人模型和写真会一起删除。</li>
        <li>请只上传你本人的照片，不要上传他人的照片。</li>
      </ul>
      <Checkbox checked={checked} onChange={(ev) => setChecked(ev.target.checked)}>
        我已阅读并同意以上说明
      </Checkbox>
    </Modal>
  );
}
