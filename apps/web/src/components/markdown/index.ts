export { Markdown, type MarkdownProps } from './markdown';
export { SourcesList, type SourcesListProps } from './sources-list';
export { citationIndexOf, normalizeSourceUrl, type Citation } from './citations';
export type { LinkClickHandler } from './markdown-components';
export { loadHighlight, loadMath } from './extras';
