import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { setFavorite } from '../api/favorites';
import { addbgKeys } from '../api/keys';

export function FavoriteButton({ imageId, initial }: { imageId: string; initial: boolean }) {
  const [favorite, setLocal] = useState(initial);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const { message } = App.useApp();
  const toggle = async () => {
    setBusy(true);
    try {
      await setFavorite(imageId, !favorite);
      setLocal(!favorite);
      void client.invalidateQueries({ queryKey: addbgKeys.favorites() });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '操作失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      aria-pressed={favorite}
      aria-label={favorite ? '取消收藏' : '收藏'}
      icon={favorite ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
      loading={busy}
      onClick={() => void toggle()}
    />
  );
}
