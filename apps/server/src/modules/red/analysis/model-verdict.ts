import type { RedModelAnalysis, RedSentiment } from '@portal/contract';

/**
 * A note's sentiment and scenes once a model has analysed it: the model's verdict replaces the
 * offline one, and its scenes join the offline ones (in the order of the offline groups, so that
 * the aggregates count the same names). A failed reply leaves the offline analysis as it is.
 */
export function withModelVerdict(
  offline: { sentiment: RedSentiment; scenes: string[] },
  model: RedModelAnalysis | null | undefined,
  sceneNames: readonly string[],
): { sentiment: RedSentiment; scenes: string[] } {
  if (!model || model.failed || !model.sentiment) return offline;
  const scenes = new Set([...offline.scenes, ...model.scenes]);
  return { sentiment: model.sentiment, scenes: sceneNames.filter((name) => scenes.has(name)) };
}
