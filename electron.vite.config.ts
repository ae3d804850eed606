import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY, DEV_CONTENT_SECURITY_POLICY } from './src/main/security/csp';

/** Puts the CSP into index.html; frame-ancestors only works as a header, so it stays out of the meta. */
function contentSecurityPolicyMeta(dev: boolean): Plugin {
  const policy = (dev ? DEV_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY)
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
  return {
    name: 'switchboard-csp-meta',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig(({ command }) => ({
  main: {
    build: {
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          cli: resolve(__dirname, 'src/main/cli.ts'),
          'mms-import-worker': resolve(__dirname, 'src/main/mms/import-worker.ts'),
          'export-rows-worker': resolve(__dirname, 'src/main/export/row-cells-worker.ts'),
        },
      },
    },
  },
  preload: {},
  renderer: {
    plugins: [svelte(), contentSecurityPolicyMeta(command === 'serve')],
  },
}));
