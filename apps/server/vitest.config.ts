import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Integration tests open real databases; keep files isolated but allow parallel files.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
