import { useEffect, useRef, type ReactNode } from 'react';
import './bottom-sheet.css';

interface BottomSheetProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  testId?: string;
}

/**
 * A sheet rising from the bottom of a phone screen, for a screen's options (phone rule 4). Plain
 * elements and CSS rather than antd Drawer, which brings motion and portal code into a first screen.
 * Esc and the mask close it; focus moves into it and back to where it was.
 */
export function BottomSheet({ open, title, onClose, children, testId }: BottomSheetProps) {
  const sheet = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    sheet.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;
  return (
    <>
      <div className="portal-sheet-mask" data-testid={testId ? `${testId}-mask` : undefined} onClick={onClose} />
      <div
        ref={sheet}
        className="portal-sheet"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="portal-sheet-head">
          <span className="portal-sheet-title">{title}</span>
          <button type="button" className="portal-sheet-done" onClick={onClose}>
            完成
          </button>
        </div>
        <div className="portal-sheet-body">{children}</div>
      </div>
    </>
  );
}
