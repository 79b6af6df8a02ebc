import Button from 'antd/es/button';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UIEvent } from 'react';
import { MJ_CONVERSATION_TYPE, mjConversationPath, type Conversation } from '@portal/contract';
import { deleteConversation } from '../api/delete-conversation';
import { useConversations, useMoreConversations } from '../api/list-conversations';
import { renameConversation } from '../api/update-conversation';
import type { ChatModuleConfig } from '../config/chat-modules';
import { useChatStore } from '../store/chat-store';
import { ConversationItem } from './conversation-item';
import { ListNote, LoadingLines } from './list-placeholders';

/** Older conversations load when the list is scrolled to within this many pixels of its end. */
const LOAD_MORE_MARGIN_PX = 200;

interface ConversationSidebarProps {
  config: ChatModuleConfig;
  activeId?: string;
}

/** The module's conversations: new, open, rename, delete. */
export function ConversationSidebar({ config, activeId }: ConversationSidebarProps) {
  const conversations = useConversations(config);
  const more = useMoreConversations(config);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const setList = (change: (list: Conversation[]) => Conversation[]) =>
    queryClient.setQueryData<Conversation[]>(config.convMap, (list) => change(list ?? []));

  const rename = async (conv: Conversation, title: string) => {
    await renameConversation(config, conv, title);
    setList((list) => list.map((c) => (c.conv_id === conv.conv_id ? { ...c, title } : c)));
  };

  const remove = async (conv: Conversation) => {
    await deleteConversation(config, conv);
    useChatStore.getState().dropSession(conv.conv_id);
    setList((list) => list.filter((c) => c.conv_id !== conv.conv_id));
    if (conv.conv_id === activeId) void navigate(`${config.topPath}/welcome`);
  };

  /** An image conversation opens in the image mode, a text one in the chat. */
  const conversationPath = (c: Conversation) =>
    c.type === MJ_CONVERSATION_TYPE
      ? mjConversationPath(c.conv_id)
      : `${config.topPath}/session?id=${encodeURIComponent(c.conv_id)}`;

  const list = conversations.data ?? [];
  let body;
  if (conversations.isPending) {
    body = <LoadingLines rows={6} />;
  } else if (conversations.isError) {
    body = (
      <ListNote text="会话列表加载失败">
        <Button size="small" onClick={() => void conversations.refetch()}>
          重试
        </Button>
      </ListNote>
    );
  } else if (list.length === 0) {
    body = <ListNote text="暂无会话" />;
  } else {
    body = (
      <ul className="chat-conv-list">
        {list.map((c) => (
          <ConversationItem
            key={c.conv_id}
            conversation={c}
            active={c.conv_id === activeId}
            onOpen={() => void navigate(conversationPath(c))}
            onRename={(title) => rename(c, title)}
            onDelete={() => remove(c)}
          />
        ))}
        {more.hasMore ? (
          <li className="chat-conv-load-more">
            {/* Also the keyboard's and a short list's way to the older conversations. */}
            <Button type="text" size="small" block loading={more.loading} onClick={more.loadMore}>
              {more.failed ? '加载失败，点击重试' : '加载更多'}
            </Button>
          </li>
        ) : null}
      </ul>
    );
  }

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (more.hasMore && !more.failed && scrollHeight - scrollTop - clientHeight < LOAD_MORE_MARGIN_PX) more.loadMore();
  };

  return (
    <aside className="chat-sidebar" aria-label="会话列表">
      <div className="chat-sidebar-head">
        <Button block icon={<PlusOutlined />} onClick={() => void navigate(`${config.topPath}/welcome`)}>
          新建会话
        </Button>
      </div>
      <div className="chat-sidebar-list" onScroll={onScroll}>
        {body}
      </div>
    </aside>
  );
}
