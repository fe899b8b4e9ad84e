import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8000', changeOrigin: true } },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // antd is large by nature; it lives in its own long-cached chunk, apart from app code.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Vendor groups change rarely, so splitting them keeps browser caches warm across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            {
              name: 'vendor-antd',
              test: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component|@emotion|stylis|classnames|@babel[\\/]runtime|dayjs)[\\/]/,
              priority: 2,
            },
            {
              // The 360° viewer (three.js inside) is fetched only when a panorama is shown.
              name: 'vendor-panorama',
              test: /node_modules[\\/](@photo-sphere-viewer|three)[\\/]/,
              priority: 4,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
