// An HTTP API whose endpoint is named for shipping, for launching a stored job or for taking a
// machine down does it when called, whatever the vendor or the client (the fetch tools, curl,
// wget, code's HTTP calls, MCP): the sibling of url-actions.ts, which reads destroy actions.
//  - `ship http HOST PATH` (the ship-commands policy asks): the endpoint's last segment is a ship
//    verb alone or glued to what it ships (Looker's `projects/P/deploy_to_production`, Power BI's
//    `pipelines/ID/deployAll`, a Sigma or Tableau `publish`, `releases/ID/promote`), or it runs a
//    stored job or pipeline (AWX/Tower `job_templates/17/launch/`, Rundeck `job/ID/run`, dbt
//    Cloud `jobs/22/run/`, GitHub `actions/workflows/W/dispatches`), or it triggers a CI job named
//    for a deploy or a release (Jenkins `job/deploy-production/buildWithParameters`);
//  - `machine-halt http HOST PATH` (the machine-takedowns policy asks): a Redfish-style action
//    that resets or powers off a system, its manager or its chassis
//    (`/redfish/v1/Systems/1/Actions/ComputerSystem.Reset`), or an endpoint named for a power-off.
// Only URLs shaped like an API call count (an `/api/`, `/vN/`, `/redfish/` path, an `api.` host,
// a port or a query) and never documentation or code hosts, so a docs page titled "deploy" is not one.
// Sources: DMTF Redfish specification (DSP0266, actions as `Actions/Resource.Action`,
// ComputerSystem.Reset, Manager.Reset, Chassis.Reset), AWX/Tower API v2 (job_templates,
// workflow_job_templates .../launch/), Rundeck API (job/ID/run), dbt Cloud API v2 (jobs/ID/run/),
// GitHub REST (workflow dispatches), Eclipse hawkBit (rollouts/ID/start), Jenkins remote access API (build, buildWithParameters),
// Looker API 4.0 (deploy_to_production, deploy_ref_to_production), Power BI REST (deployAll,
// selectiveDeploy), Sigma and Tableau publishing endpoints, Terraform Cloud API (runs/:id/actions/apply).

import { actionUrl } from './url-actions.js';

/**
 * A ship verb, alone or glued to what it ships by `_`, `-` or camelCase (`deploy_to_production`,
 * `deployAll`, `publish-site`, `selectiveDeploy`); a plural collection (`deploys`, `deployments`,
 * `releases`) is a listing on GET and is not one.
 */
const SHIP = /^(?:(?:deploy|publish|promote|redeploy|rollout)(?:[_-][A-Za-z0-9]+|[A-Z][A-Za-z0-9]*)*|selectiveDeploy)$/;
/** What starts a stored job or pipeline. */
const RUN = /^(?:launch|run|trigger|execute|dispatches|start|relaunch)$/i;
/**
 * Collections of stored jobs, templates, workflows and pipelines; and staged rollouts of an
 * update to a device fleet (Eclipse hawkBit management API, POST /rest/v1/rollouts/{id}/start:
 * the rollout's groups begin installing the distribution set on their targets).
 */
const JOBS =
  /^(?:jobs?|job_templates|workflow_job_templates|workflows|pipelines|plans|templates|runbooks|playbooks|tasks|rollouts)$/i;
/** Collections of stored versions of what is served. */
const VERSIONS = /^(?:versions?|releases?|deployments?|revisions?|configs?|configurations?|snapshots?|builds?)$/i;
/** Jenkins' build triggers, and job names that ship. */
const BUILD = /^(?:build|buildWithParameters)$/;
const SHIP_NAME = /deploy|release|publish|prod/i;
/** Redfish-style power actions: `Actions/ComputerSystem.Reset`, `Actions/Chassis.PowerOff`. */
const POWER_ACTION = /^[A-Za-z]+\.(?:Reset|PowerOff|Shutdown|Reboot|PowerCycle|ForceOff)$/;
/** Endpoints named for a power-off. */
const POWER_NAME = /^(?:power[_-]?off|power[_-]?cycle|shutdown|reboot|hard[_-]?reset|force[_-]?off)$/i;
/**
 * Verbs of an `actions/VERB` endpoint that put a stored plan or version live (Terraform Cloud API
 * runs/:id/actions/apply; release and environment action endpoints named for a deploy or promotion).
 */
const ACTION_VERB = /^(?:apply|deploy|promote|publish|activate|release|rollout|force-execute)$/i;
/**
 * Collections whose `activate` switches on what users are served: a campaign, a rule or flag, a
 * configuration or property version, a route, an experiment, an automation. Activating anything
 * else by id (an account, a licence, a product on a machine, a device, a serial) turns on one
 * customer's copy, not a service, so it is read by name and not by the verb alone.
 */
const SERVED =
  /^(?:campaigns?|rules?|rulesets?|flags?|features?|toggles?|versions?|revisions?|releases?|deployments?|configs?|configurations?|propert(?:y|ies)|polic(?:y|ies)|workflows?|automations?|pipelines?|triggers?|schedules?|routes?|zones?|experiments?|promotions?|offers?|banners?|ads?|adsets?|creatives?|line[-_]?items?|pages?|sites?|funnels?|journeys?|sequences?|templates?|integrations?|environments?|stages?|slots?)$/i;
const API_PATH = /\/(?:api\d*|json-api|rest|redfish|v\d+(?:\.\d+)?|api2)\//i;
/** `ship http ...` or `machine-halt http ...` for a URL whose endpoint ships, launches or powers off; else undefined. */
export function urlShipAction(url: string): string | undefined {
  const u = actionUrl(url);
  if (!u) return undefined;
  if (/\/(?:docs?|reference|documentation)\//i.test(u.pathname)) return undefined;
  const apiShaped = API_PATH.test(`${u.pathname}/`) || /^api\./i.test(u.hostname) || u.port !== '' || u.search !== '';
  if (!apiShaped) return undefined;
  // a server on this machine or a host named for development or testing is where a release is
  // tried out (a local control plane, `staging.ops.example.com`), unless the path names production
  if (rehearsalHost(u.hostname) && !/(?:^|[/_.-])(?:prod|production|prd|live)(?:[/_.-]|$)/i.test(u.pathname))
    return undefined;
  const seg = pathSegments(u.pathname);
  const last = seg[seg.length - 1] ?? '';
  const where = `${u.host}${u.pathname}`;
  if (seg[seg.length - 2] === 'Actions' && POWER_ACTION.test(last)) return `machine-halt http ${where}`;
  if (POWER_NAME.test(last)) return `machine-halt http ${where}`;
  if (SHIP.test(last)) return `ship http ${where}`;
  // `POST /events/publish/{id}` (MISP's event publish, which pushes the event to every sharing
  // partner; MISP automation API), `/publish/all`: the publish verb before the id it ships
  if (/^publish$/i.test(seg[seg.length - 2] ?? '') && /^(?:\d+|[0-9a-f-]{8,}|all)$/i.test(last))
    return `ship http ${where}`;
  // a stored version made the one users are served: VERSIONS/ID/activate (Fastly's
  // service/S/version/N/activate, a release's or a config revision's activate)
  if (/^(?:activate|go[-_]?live|make[-_]?live)$/i.test(last) && VERSIONS.test(seg[seg.length - 3] ?? ''))
    return `ship http ${where}`;
  // an action run on a stored plan or version: Terraform Cloud's `runs/ID/actions/apply`, an
  // `actions/deploy` or `actions/promote` of a release (the action is the write's verb)
  if (seg[seg.length - 2] === 'actions' && ACTION_VERB.test(last)) return `ship http ${where}`;
  // something users are served switched on by id (`campaigns/8812/activate`, `rules/7/activate`);
  // an account, a licence or a device activated is not one
  if (
    /^activate$/i.test(last) &&
    /^[\w-]*\d[\w-]*$/.test(seg[seg.length - 2] ?? '') &&
    SERVED.test(seg[seg.length - 3] ?? '')
  )
    return `ship http ${where}`;
  // a stored job launched: JOBS/ID/RUN (job_templates/17/launch, job/9f3c/run, jobs/22/run)
  if (RUN.test(last) && JOBS.test(seg[seg.length - 3] ?? '')) return `ship http ${where}`;
  // Jenkins: job/NAME/build triggers a build; a job named for a deploy or release ships
  const job = seg[seg.length - 3] === 'job' ? (seg[seg.length - 2] ?? '') : '';
  if (BUILD.test(last) && SHIP_NAME.test(job)) return `ship http ${where}`;
  return undefined;
}

/**
 * A GraphQL mutation whose field ships (`themePublish`, `publishablePublish`, `appReleaseCreate`,
 * `deploymentCreate`, `promoteBuild`, `rolloutStart`): GraphQL control planes (Shopify, GitHub,
 * GitLab, Fly.io, Railway, Contentful ...) carry these as POSTs to one endpoint, so only the field
 * name says what the request does. `Unpublish` and queries are not this.
 */
const GRAPHQL_SHIP =
  /\bmutation\b[^{]*\{[^]*?\b((?:publish|deploy|release|promote|rollout|redeploy)[A-Z]\w*|\w+(?:Publish|Deploy|Deployment|Release|Promote|Rollout|Redeploy)(?:Create|Start|Run|Trigger)?)\s*[({]/;

/** The field of a GraphQL mutation that ships, or undefined. */
export function graphqlShipField(text: string): string | undefined {
  if (!text.includes('mutation')) return undefined;
  return GRAPHQL_SHIP.exec(text)?.[1];
}

/** Loopback names and hosts whose labels name a development, test or staging copy (and not production). */
const DEV_LABEL =
  /(?:^|[.-])(?:dev|devel|develop|development|test|testing|sandbox|staging|stage|stg|qa|uat|local|demo|preview)\d*(?=[.-]|$)/i;
const PROD_LABEL = /(?:^|[.-])(?:prod|production|prd|live)\d*(?:[.-]|$)/i;
function rehearsalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (/^(?:localhost|127(?:\.\d+){3}|::1|0\.0\.0\.0)$|\.localhost$/.test(h)) return true;
  return DEV_LABEL.test(h) && !PROD_LABEL.test(h);
}

/** A URL path's segments, percent-decoded (a segment that does not decode is kept as written). */
export function pathSegments(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}
