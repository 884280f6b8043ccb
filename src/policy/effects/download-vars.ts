// Variables that move where a tool downloads its binaries and toolchains from: rustup's
// RUSTUP_DIST_SERVER, nvm's NVM_NODEJS_ORG_MIRROR, Electron's ELECTRON_MIRROR, Puppeteer's
// PUPPETEER_DOWNLOAD_BASE_URL, node-sass' SASS_BINARY_SITE, chromedriver's CHROMEDRIVER_CDNURL,
// pyenv's PYTHON_BUILD_MIRROR_URL ... Install scripts of popular packages read them and run
// what they fetch, so a value on a host that is no vendor's is the same change of source as a
// registry setting. Tools name them in a few shapes (read here); the others are listed in
// policies/catalogues/supply-chain.yaml (download-variables). A value is decided as a package
// source (sources.ts).
import { supplyData } from './supply-data.js';

/** Names that say "where downloads come from" (the tools' own naming habits). */
const SHAPE =
  /(?:^|_)(?:MIRROR|CDN|CDNURL|CDNBINARIESURL|DOWNLOAD_(?:HOST|BASE_URL|URL|MIRROR|SERVER|SITE)|BINARY_(?:SITE|HOST|URL|MIRROR)|BINARIES_(?:SITE|MIRROR)|DIST_SERVER|DISTURL|ORG_MIRROR)(?:_URL)?$/;

/** Whether NAME is a download-source variable (upper or lower case: npm reads both). */
export function isDownloadVariable(name: string): boolean {
  const up = name.toUpperCase();
  if (SHAPE.test(up)) return true;
  return supplyData().downloadVariables.includes(name.toLowerCase());
}
