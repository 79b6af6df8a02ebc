import { ResearchPage } from '../../features/search';
import { useUserStore } from '../../features/auth/store/user-store';

/** 研究模式: the search feature's page, told whose search token to ask for. */
export default function MetasoResearch() {
  const account = useUserStore((s) => s.accountInfo);
  return (
    <ResearchPage
      identity={{ mobile: account?.mobile ?? '', name: account?.user_name ?? '', avatar: account?.avatar ?? '' }}
    />
  );
}
