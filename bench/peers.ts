// Peer libraries the benchmarks compare with but the product never uses (issue 15 "Measured"):
// fetched from the npm registry as their published tarballs with `npm pack`, without their
// dependencies, into bench/.peers/ (git-ignored), and read from there on later runs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CACHE = path.join(import.meta.dirname, '.peers');

export interface Peer {
  /** npm name and exact version, e.g. `@adobe/alloy` and `2.33.1`. */
  name: string;
  version: string;
  /** The file the package ships for browsers, inside the package, e.g. `dist/alloy.min.js`. */
  file: string;
  label: string;
}

/** Adobe's Web SDK, whole (its personalisation is not sold apart), and GrowthBook's browser bundle. */
export const PERSONALISATION_PEERS: readonly Peer[] = [
  { name: '@adobe/alloy', version: '2.33.1', file: 'dist/alloy.min.js', label: "Adobe's Web SDK (npm @adobe/alloy 2.33.1, dist/alloy.min.js)" },
  { name: '@growthbook/growthbook', version: '1.8.0', file: 'dist/bundles/index.min.js', label: 'GrowthBook (npm @growthbook/growthbook 1.8.0, dist/bundles/index.min.js)' },
];

/** The peer's browser file, as published. */
export function peerSource(peer: Peer): string {
  const dir = path.join(CACHE, `${peer.name.replace('/', '+')}@${peer.version}`);
  const file = path.join(dir, 'package', peer.file);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const tarball = execFileSync('npm', ['pack', `${peer.name}@${peer.version}`, '--pack-destination', dir, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop()!;
    execFileSync('tar', ['-xzf', path.join(dir, tarball), '-C', dir, `package/${peer.file}`]);
  }
  return readFileSync(file, 'utf8');
}
