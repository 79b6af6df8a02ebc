export { BottomSheet } from './bottom-sheet';
