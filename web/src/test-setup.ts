import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only with Vitest globals, which are off.
afterEach(() => {
  cleanup();
});
