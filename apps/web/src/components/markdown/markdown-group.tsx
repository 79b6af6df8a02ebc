import { memo } from 'react';
import { MarkdownBlock, type MarkdownPipeline } from './markdown-block';

/**
 * A run of blocks (group-blocks.ts); the last run also holds the live tail. Memoised: while an
 * answer streams, only the run with the tail renders again.
 */
export const MarkdownGroup = memo(function MarkdownGroup({
  blocks,
  tail = '',
  live = false,
  pipeline,
}: {
  blocks: readonly string[];
  tail?: string;
  /** The tail is still arriving. */
  live?: boolean;
  pipeline: MarkdownPipeline;
}) {
  // One list, so that the tail and the finished block it becomes share a key (its position): the
  // block keeps its elements. A block whose text changes re-renders (MarkdownBlock is memoised).
  const texts = tail ? [...blocks, tail] : blocks;
  return (
    <div className="md-group">
      {texts.map((text, i) => (
        <MarkdownBlock key={i} text={text} pipeline={pipeline} live={live && i === blocks.length} />
      ))}
    </div>
  );
});
