import { configure } from '@testing-library/react';

/**
 * Waits in component tests (findBy*, waitFor) get a budget fit for a busy 2-core machine rather
 * than the library's one second; a condition that holds still resolves as soon as it holds.
 */
configure({ asyncUtilTimeout: 15_000 });
