export { PdfViewer, type PdfViewerProps } from './pdf-viewer';
export { highlightBoxes, type CssBox } from './highlight-boxes';
