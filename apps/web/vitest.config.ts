import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { antdStyles } from './build/antd-styles';
import { lightChecks } from './build/light-checks';
import { lightIcons } from './build/light-icons';
import { localeParts } from './build/locale-parts';
import { toolCatalog } from './build/tool-catalog';

export default defineConfig({
  plugins: [react(), toolCatalog(), lightChecks(), lightIcons(), localeParts(), antdStyles()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Screen tests render whole lazy routes in jsdom; on a loaded 2-core CI machine the first
    // render of a tool page can pass 5 s. A limit, not a speed goal (benchmarks hold those).
    testTimeout: 20_000,
  },
});
