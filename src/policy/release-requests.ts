// What a request to a hosted service's API releases: the steps of a release that are not a code
// push, made through a vendor's REST API with curl, httpie, code or an MCP request tool. Each puts
// something in front of users at once, so each is read by what it does whatever the vendor:
//   saas-release cdn-purge HOST PATH      a CDN's cache purged or invalidated (users get the new build)
//   saas-release dns-change HOST PATH     a DNS record created, changed or removed (traffic moved)
//   saas-release flag-flip HOST PATH      a feature flag turned on or off, or changed in production
//   saas-release grades HOST PATH         grades posted to students, course work published to them
//   saas-release store-submit HOST PATH   an app build submitted for review or released on a store
//   saas-release approval HOST PATH       a pull request or a held deployment approved (a review gate passed)
//   saas-release deploy HOST PATH         a deployment, release or rollout created, promoted or
//                                         restored, or a pipeline started that deploys to production
// Sources (each vendor's REST reference): Cloudflare (zones/:id/purge_cache, zones/:id/dns_records),
// Fastly (service/:id/purge_all, purge/:key, the PURGE method), Akamai Fast Purge (ccu/v3/invalidate,
// ccu/v3/delete), CloudFront (distribution/:id/invalidation), Bunny (pullzone/:id/purgeCache),
// Route 53 (hostedzone/:id/rrset), DigitalOcean (domains/:d/records, apps/:id/deployments),
// GoDaddy and Gandi LiveDNS (domains/:d/records), PowerDNS (zones/:z with rrsets), Hetzner DNS
// (records), LaunchDarkly (flags/:proj/:key with environmentKey or turnFlagOn), Unleash
// (features/:f/environments/:env/on|off), Flagsmith (featurestates), GrowthBook (features/:id/toggle),
// PostHog (feature_flags), Canvas LMS (submissions/update_grades, posted_grade, assignment[published]),
// Moodle web services (core_grades_update_grades, mod_assign_save_grade(s)), Blackboard Learn
// (gradebook columns), App Store Connect (reviewSubmissions, appStoreVersionSubmissions,
// appStoreVersionReleaseRequests), Google Play Developer API (edits/:id:commit, tracks), Steamworks
// (ISteamApps/SetAppBuildLive), GitHub (deployments, releases, workflow dispatches), GitLab (pipeline
// triggers), CircleCI (project pipelines), Jenkins (job/:name/build, buildWithParameters), Azure
// DevOps (pipelines runs, release/releases), Vercel (deployments, promote), Netlify (deploys restore),
// Heroku (releases, builds), Render (deploys). Reads (GET) and services on this machine are not read.

/** A word naming production (`production`, `prod`, `prd`, `live`, `deploy-prod`). */
const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)/i;
/** A word naming a deploy or release (`deploy.yml`, `release-prod`, `promote`). */
const SHIP_WORD = /(?:deploy|release|publish|promote|rollout|go-?live)/i;

/** Path segments that purge a cache, alone (`purge_cache`) or under a CDN object (`pullzone/1/purge`). */
const PURGE =
  /^(?:purge[-_]?cache|purgecache|purge[-_]?all|purgeall|purge[-_]?everything|invalidations?|invalidate|cache[-_]?purge|clear[-_]?cache|flush[-_]?cache)$/i;
const CDN_OBJECT = /^(?:zones?|pullzones?|services?|distributions?|cdn|cdns|endpoints?|ccu|caches?|sites?)$/i;

/** Collections of DNS records and the zones that hold them. */
const DNS_RECORDS = /^(?:dns[-_]?records|records|rrsets?|recordsets|record[-_]?sets|resourcerecordsets|hosts)$/i;
const DNS_ZONE = /^(?:zones?|domains?|hostedzones?|hostedzone|dns|livedns|servers)$/i;

/** Collections of feature flags. */
const FLAGS =
  /^(?:flags|feature[-_]?flags|featureflags|features|toggles|feature[-_]?toggles|featurestates|gates|splits)$/i;
/** A flag write's action or body that turns it on or off (LaunchDarkly semantic patch, Unleash, GrowthBook, PostHog). */
const FLIP_ACTION =
  /^(?:on|off|enable|disable|toggle|toggle[-_]?on|toggle[-_]?off|turn[-_]?on|turn[-_]?off|activate|deactivate)$/i;
const FLIP_BODY =
  /turnFlag(?:On|Off)|["']?(?:on|active|enabled|defaultValue|default_value|state)["']?\s*[:=]\s*["']?(?:true|false|on|off|enabled|disabled)\b/i;

/** Grade posting and course work published to students. */
const GRADE_PATH =
  /^(?:update_grades|post_grades|posted_grade|grades|gradebook|gradebook_history|grade|post_policy|postassignmentgrades)$/i;
const GRADE_FUNCTION =
  /wsfunction=[\w]*(?:grade|grades)[\w]*(?:update|save|post|release|set)|wsfunction=[\w]*(?:update|save|set)[\w]*grade/i;
const COURSE_PUBLISH =
  /(?:assignment|module|page|quiz|course|discussion_topic)\]?\[?published\]?\s*=\s*true|["']published["']\s*:\s*true|post_manually\]?\s*=\s*false|postAssignmentGrades/i;

/** App store submission and release endpoints. */
const STORE_SUBMIT =
  /^(?:reviewsubmissions|appstoreversionsubmissions|appstoreversionreleaserequests|betaappreviewsubmissions|setappbuildlive|[\w-]+:commit)$/i;

/** Collections whose create, or whose member's promote/restore, is a deployment or a release. */
const DEPLOY_COLLECTION = /^(?:deployments|deploys|releases|rollouts|promotions)$/i;
const DEPLOY_ACTION = /^(?:promote|restore|rollback|redeploy|release|publish|approve|go[-_]?live)$/i;
/** Path segments that start a pipeline, workflow or job. */
const TRIGGER =
  /^(?:dispatches|trigger|triggers|pipeline|pipelines|build|builds|buildwithparameters|runs|run|execute|executions|jobs|queue)$/i;

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'PURGE', 'BAN']);

/** `saas-release KIND HOST PATH` for a request that releases, or undefined. */
export function releaseReading(
  method: string,
  host: string,
  path: string,
  segs: string[],
  query: string,
  body: string,
): string | undefined {
  const m = method.toUpperCase();
  if (!WRITE.has(m)) return undefined;
  const lower = segs.map((s) => s.toLowerCase());
  const at = (kind: string) => `saas-release ${kind} ${host} ${path}`;
  const text = `${path} ${query} ${body}`;
  // Fastly and Varnish purge by method on the object's own URL
  if (m === 'PURGE' || m === 'BAN') return at('cdn-purge');
  if (lower.some((s, i) => PURGE.test(s) || (s === 'purge' && lower.slice(0, i).some((b) => CDN_OBJECT.test(b)))))
    return at('cdn-purge');
  if (/^(?:invalidate|delete)$/.test(lower[1] ?? '') && lower[0] === 'ccu') return at('cdn-purge');
  const rec = lower.findIndex((s) => DNS_RECORDS.test(s));
  if (rec > 0 && lower.slice(0, rec).some((s) => DNS_ZONE.test(s))) return at('dns-change');
  if (m === 'PATCH' && lower.some((s) => /^zones?$/.test(s)) && /["']?rrsets["']?\s*:/.test(body))
    return at('dns-change');
  const flags = lower.findIndex((s) => FLAGS.test(s));
  if (flags >= 0 && m !== 'DELETE' && flags < lower.length - 1) {
    if (FLIP_ACTION.test(lower[lower.length - 1] ?? '') || PROD.test(text.replace(/_/g, '-')) || FLIP_BODY.test(body))
      return at('flag-flip');
  }
  if (lower.some((s) => GRADE_PATH.test(s)) && m !== 'DELETE') return at('grades');
  if (GRADE_FUNCTION.test(`${query}&${body}`)) return at('grades');
  if (lower.includes('courses') && COURSE_PUBLISH.test(`${query} ${body}`)) return at('grades');
  if (
    lower.some((s) => STORE_SUBMIT.test(s)) &&
    (!/:commit$/.test(lower[lower.length - 1] ?? '') ||
      host.includes('androidpublisher') ||
      lower.includes('androidpublisher'))
  )
    return at('store-submit');
  // a pull request approved (`pulls/N/reviews {event: APPROVE}`, GitLab `merge_requests/N/approve`)
  // or a deployment held for review approved (`actions/runs/N/pending_deployments {state: approved}`)
  if (
    (lower.includes('reviews') && /["']?event["']?\s*[:=]\s*["']?APPROVE\b/i.test(body)) ||
    (lower[lower.length - 1] === 'approve' && lower.includes('merge_requests')) ||
    (lower.includes('pending_deployments') && /approved/i.test(body))
  )
    return at('approval');
  if (m === 'DELETE') return undefined;
  const coll = lower.findIndex((s) => DEPLOY_COLLECTION.test(s));
  const last = lower[lower.length - 1] ?? '';
  if (coll >= 0 && (coll >= lower.length - 2 || DEPLOY_ACTION.test(last))) return at('deploy');
  // `.../apps/web/promote`, `.../rollback`: a deployment moved in front of users by its action alone
  if (/^(?:promote|rollback|redeploy|go[-_]?live)$/.test(last)) return at('deploy');
  // a pipeline or job started whose name, parameters or body name both a deploy and production
  if (lower.some((s) => TRIGGER.test(s)) && SHIP_WORD.test(text) && PROD.test(text.replace(/_/g, '-')))
    return at('deploy');
  return undefined;
}
