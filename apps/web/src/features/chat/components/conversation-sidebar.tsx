import { useState } from 'react';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import Conversations from '@ant-design/x/es/conversations';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@portal/contract';
import { deleteConversation } from '../api/delete-conversation';
import { useConversations } from '../api/list-conversations';
import { renameConversation } from '../api/update-conversation';
import type { ChatModuleConfig } from '../config/chat-modules';
import { useChatStore } from '../store/chat-store';
import { ConversationLabel } from './conversation-label';

interface ConversationSidebarProps {
  config: ChatModuleConfig;
  activeId?: string;
}

/** The module's conversations: new, open, rename, delete. */
export function ConversationSidebar({ config, activeId }: ConversationSidebarProps) {
  const conversations = useConversations(config);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const setList = (change: (list: Conversation[]) => Conversation[]) =>
    queryClient.setQueryData<Conversation[]>(config.convMap, (list) => change(list ?? []));

  const rename = async (conv: Conversation, title: string) => {
    await renameConversation(config, conv.conv_id, title);
    setList((list) => list.map((c) => (c.conv_id === conv.conv_id ? { ...c, title } : c)));
  };

  const remove = async (conv: Conversation) => {
    await deleteConversation(config, conv.conv_id);
    useChatStore.getState().dropSession(conv.conv_id);
    setList((list) => list.filter((c) => c.conv_id !== conv.conv_id));
    setDeleting(null);
    if (conv.conv_id === activeId) void navigate(`${config.topPath}/welcome`);
  };

  const list = conversations.data ?? [];
  let body;
  if (conversations.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  } else if (conversations.isError) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="会话列表加载失败">
        <Button size="small" onClick={() => void conversations.refetch()}>
          重试
        </Button>
      </Empty>
    );
  } else if (list.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无会话" />;
  } else {
    body = (
      <Conversations
        items={list.map((c) => ({
          key: c.conv_id,
          label: (
            <ConversationLabel
              conversation={c}
              renaming={renaming === c.conv_id}
              deleting={deleting === c.conv_id}
              onRename={(title) => rename(c, title)}
              onRenameEnd={() => setRenaming(null)}
              onDelete={() => remove(c)}
              onDeleteEnd={() => setDeleting(null)}
            />
          ),
        }))}
        activeKey={activeId}
        onActiveChange={(key) => void navigate(`${config.topPath}/session?id=${encodeURIComponent(key)}`)}
        menu={(item) => ({
          items: [
            { key: 'rename', label: '重命名', icon: <EditOutlined /> },
            { key: 'delete', label: '删除', icon: <DeleteOutlined />, danger: true },
          ],
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            if (key === 'rename') setRenaming(item.key);
            else setDeleting(item.key);
          },
        })}
      />
    );
  }

  return (
    <aside className="chat-sidebar" aria-label="会话列表">
      <div className="chat-sidebar-head">
        <Button block icon={<PlusOutlined />} onClick={() => void navigate(`${config.topPath}/welcome`)}>
          新建会话
        </Button>
      </div>
      <div className="chat-sidebar-list">{body}</div>
    </aside>
  );
}
