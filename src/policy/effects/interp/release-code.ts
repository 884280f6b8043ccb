// Code that releases through a library instead of a CLI: `Rscript -e 'rsconnect::deployApp(...)'`
// deploys a Shiny app to shinyapps.io or Posit Connect, `devtools::release()` submits a package
// to CRAN, `ghpages.publish('dist')` pushes a site to GitHub Pages. Each call is read as the
// release it is, `ship code FUNCTION`, so the ship policies decide it as they decide the CLI.
// Sources: rsconnect reference (deployApp, deployDoc, deployAPI, deploySite, deployTFModel),
// devtools (release, submit_cran), usethis (use_github_release), pkgdown (deploy_to_branch,
// deploy_site_github), bookdown (publish_book), quarto R package (quarto_publish_app/doc/site),
// the gh-pages npm package (publish), libnpmpublish (publish), Octokit (repos.createRelease),
// the twine Python API (commands.upload.main), the SageMaker Python SDK (Model/Estimator.deploy).
import type { Effect } from '../types.js';

/** Calls that release, by language family; each match's first group names the function. */
const RELEASE_CALLS: RegExp[] = [
  // R
  /\b((?:rsconnect::)?deploy(?:App|Doc|API|Site|TFModel)|devtools::(?:release|submit_cran)|usethis::use_github_release|pkgdown::deploy_(?:to_branch|site_github)|bookdown::publish_book|quarto::quarto_publish_(?:app|doc|site))\s*\(/g,
  // JavaScript and TypeScript
  /\b(ghpages\.publish|ghPages\.publish|libnpmpublish\.publish|repos\.createRelease|repos\.createDeployment)\s*\(/g,
  // Python
  /\b(twine\.commands\.upload\.main|(?:model|estimator|predictor)\.deploy)\s*\(/g,
];

/**
 * Any SDK's create or update call given a tenant-wide scope by keyword (`indicator_create(...,
 * applied_globally=True)`, `update_policy(all_hosts=True)`, `createRule({global: true})`): the
 * change reaches every host or account the service manages at once, as a fleet-wide push does
 * over HTTP (saas-actions.ts, `ship fleet-wide`).
 */
const FLEET_CALL =
  /\b([A-Za-z_][\w.]*?(?:create|update|add|set|apply|push|upsert|enable|deploy|put)\w*)\s*\((?:[^()]|\([^()]*\))*?\b(?:applied_globally|apply_globally|appliedGlobally|applyGlobally|all_hosts|allHosts|all_endpoints|allEndpoints|tenant_wide|org_wide|organization_wide|global)\s*[=:]\s*(?:True|true|1)\b/gi;

/** `ship code FN` for each releasing library call in `code`. */
export function releaseCodeEffects(code: string, via: string): Effect[] {
  const out: Effect[] = [];
  if (/global|all_?hosts|all_?endpoints|_wide/i.test(code))
    for (const m of code.matchAll(FLEET_CALL)) {
      const fn = m[1] ?? '';
      const command = `ship fleet-wide code ${fn}`;
      out.push({ tool: 'exec', command, via: `${via} applies ${fn} to every managed host (as \`${command}\`)` });
      break;
    }
  if (!/deploy|release|publish|submit_cran|createRelease|upload/.test(code)) return out;
  const seen = new Set<string>();
  for (const re of RELEASE_CALLS) {
    re.lastIndex = 0;
    for (let m = re.exec(code); m && out.length < 4; m = re.exec(code)) {
      const fn = m[1] ?? '';
      if (seen.has(fn)) continue;
      seen.add(fn);
      const command = `ship code ${fn}`;
      out.push({ tool: 'exec', command, via: `${via} releases with ${fn} (as \`${command}\`)` });
    }
  }
  return out;
}
