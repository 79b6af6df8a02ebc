import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReasoningBlock } from '../../src/components/thread';

describe('思考过程 block', () => {
  afterEach(cleanup);

  it('is open by default, says 思考中… while thinking and keeps the reader’s choice as text arrives', () => {
    const { container, rerender } = render(<ReasoningBlock reasoning="先看题目" thinking />);
    const details = container.querySelector('details')!;
    expect(details.open).toBe(true);
    expect(screen.getByText('思考中…')).toBeTruthy();
    expect(details.hasAttribute('data-thinking')).toBe(true);

    details.open = false;
    fireEvent(details, new Event('toggle'));
    rerender(<ReasoningBlock reasoning="先看题目，再列出步骤" thinking={false} />);
    expect(container.querySelector('details')!.open).toBe(false);
    expect(screen.getByText('思考过程')).toBeTruthy();
    expect(screen.getByText('先看题目，再列出步骤')).toBeTruthy();
    expect(container.querySelector('details')!.hasAttribute('data-thinking')).toBe(false);
  });
});
