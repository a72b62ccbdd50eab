// `npm run dev`: the API (restarting on change) and Vite (hot reload, API proxied) side by side.
import { spawn } from 'node:child_process';

const children = [
  // `source` resolves workspace packages to their TypeScript, as in tests.
  spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@wharf/web'], { stdio: 'inherit' }),
];

const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
for (const child of children)
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
