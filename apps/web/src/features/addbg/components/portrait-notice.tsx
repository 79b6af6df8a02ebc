import { SmileOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Drawer } from 'antd';
import { useState } from 'react';
import { authStorage } from '../../../lib/auth-storage';
import { useFacechainStatus } from '../api/option-lists';
import { PortraitStudio } from './portrait-studio';
import './portrait.css';

/** What an administrator is told to do when portraits cannot run; staff only learn it is not connected yet. */
export function portraitSetupHint(isAdmin: boolean): string {
  return isAdmin
    ? '在配置文件的 addbg.comfyui 中填写公司 ComfyUI 的地址（url，需要时加 api_key），并把 ComfyUI 的 output/loras 目录加入它的 LoRA 路径（extra_model_paths.yaml），重启服务后生效。详见 README 的“人像写真”一节。'
    : '管理员尚未接入人像训练引擎，人像写真暂不可用。';
}

/**
 * 人像写真 in the workbench: without a portrait engine, why it cannot be used (and, for
 * administrators, how to connect one); otherwise an entry that opens the portrait studio.
 */
export function PortraitNotice() {
  const { data } = useFacechainStatus();
  const [open, setOpen] = useState(false);
  if (!data) return null;
  if (!data.can_create) {
    const isAdmin = authStorage.read()?.account_info.is_admin ?? false;
    return (
      <Alert
        type="info"
        showIcon
        message="人像写真暂不可用"
        description={
          <>
            <div>{data.reason}</div>
            <div style={{ marginTop: 4 }}>{portraitSetupHint(isAdmin)}</div>
          </>
        }
      />
    );
  }
  return (
    <Card size="small" title="人像写真">
      <div className="ab-muted" style={{ marginBottom: 8 }}>
        上传本人照片训练个人模型，生成证件照、商务形象照等写真。
      </div>
      <Button type="primary" icon={<SmileOutlined />} onClick={() => setOpen(true)}>
        打开人像写真
      </Button>
      <Drawer title="人像写真" open={open} onClose={() => setOpen(false)} width="min(720px, 100vw)" destroyOnHidden>
        <PortraitStudio />
      </Drawer>
    </Card>
  );
}
