import { type RedRankWindowId, type RedTopicListQuery } from '@portal/contract';
import { redEndpoints } from '@portal/contract/endpoints/red';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { redKeys } from './keys';

export function useTopicTypes() {
  return useQuery({ queryKey: redKeys.rank('types'), queryFn: () => callEndpoint(redEndpoints.topicTypeList) });
}

export function useTimeWindows() {
  return useQuery({ queryKey: redKeys.rank('windows'), queryFn: () => callEndpoint(redEndpoints.statisticsTimeList) });
}

export function useTopicList(query: RedTopicListQuery) {
  return useQuery({
    queryKey: redKeys.rank('topics', query),
    queryFn: () => callEndpoint(redEndpoints.topicList, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useTopicDetail(topic: string | undefined, time: RedRankWindowId) {
  return useQuery({
    enabled: Boolean(topic),
    queryKey: redKeys.rank('topic', { topic, time }),
    queryFn: () => callEndpoint(redEndpoints.topicDetail, { query: { topic: topic!, time } }),
  });
}
