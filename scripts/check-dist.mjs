/**
 * Fails when the committed dist/ is not what `npm run bundle` builds from the sources: the
 * action runs dist/, so a stale bundle would ship code nobody reviewed or tested.
 */
import { execFileSync } from 'node:child_process'

const run = (command, args) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })

run('npm', ['run', '-s', 'bundle'])
const changes = run('git', ['status', '--porcelain', '--', 'dist'])
if (changes.trim() !== '') {
  console.error('dist/ is stale: `npm run bundle` changed these files:\n' + changes)
  console.error(run('git', ['diff', '--stat', '--', 'dist']))
  console.error('Run `npm run bundle` and commit dist/.')
  process.exit(1)
}
console.log('dist/ matches the sources.')
