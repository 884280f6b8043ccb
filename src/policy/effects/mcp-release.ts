// MCP tools that release without a ship word in their name, read by their verb and object the way
// release-requests.ts reads the same vendors' REST calls: `argocd_sync_application` rolls out
// what Git holds, `cloudflare_purge_cache` and `cdn_invalidate` put the new build in front of
// every user, `route53_change_resource_record_sets` moves traffic, `launchdarkly_update_flag
// {environment: production}` flips behaviour for users, `canvas_post_grades` shows grades to
// students, `create_pull_request_review {event: APPROVE}` passes a review gate. Each is read as `saas-release KIND mcp TOOL`, which the standard profile asks
// (hosted-service-actions). A tool that only reads (`get_flag`, `list_records`) never gets here.
// And a tool that runs a command on another machine (`ssh_exec {host, command}`, `remote_run`)
// is read as the `ssh HOST COMMAND` it amounts to, so the remote-deploy reading decides it.

type Params = Record<string, unknown>;

const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)/i;

/** Verbs that change something (tool names' spellings). */
const CHANGE = new Set(
  'change update upsert create set put patch edit add remove delete modify replace toggle enable disable turn flip switch rollout'.split(
    ' ',
  ),
);

function has(words: readonly string[], list: string): boolean {
  return list.split(' ').some((w) => words.includes(w));
}

/** The release kind an MCP tool's name and parameters amount to, or undefined. */
export function mcpReleaseKind(words: readonly string[], p: Params): string | undefined {
  const changes = words.some((w) => CHANGE.has(w));
  // GitOps syncs: Argo CD applications, Flux kustomizations and Helm releases reconciled now
  if (
    has(words, 'sync reconcile') &&
    has(words, 'application applications app apps argocd argo flux kustomization helmrelease')
  )
    return 'deploy';
  if (
    has(words, 'purge invalidate invalidation flush') &&
    has(words, 'cache cdn distribution zone urls url everything edge')
  )
    return 'cdn-purge';
  const dns =
    has(words, 'dns route53 rrset rrsets recordset recordsets') ||
    (has(words, 'record records') && has(words, 'zone domain domains hosted sets'));
  if (dns && changes) return 'dns-change';
  if (has(words, 'flag flags feature features toggle toggles gate gates') && changes) {
    const values = JSON.stringify(p);
    const env = ['environment', 'environmentKey', 'environment_key', 'env', 'environment_id']
      .map((k) => p[k])
      .find((v) => typeof v === 'string');
    if (
      (typeof env === 'string' && PROD.test(env)) ||
      has(words, 'on off enable disable toggle turn flip') ||
      /"(?:on|enabled|active|state)"\s*:\s*(?:true|false|"on"|"off")/.test(values)
    )
      return 'flag-flip';
  }
  // a running service, deployment or function updated, restarted or scaled where a parameter
  // names production (`aws_ecs_update_service {cluster: prod}`, `kubectl_rollout_restart {namespace: production}`)
  if (
    has(words, 'update restart redeploy rollout scale upgrade patch') &&
    has(words, 'service services deployment deployments app function stack release environment rollout helm') &&
    Object.values(p).some((v) => typeof v === 'string' && PROD.test(v))
  )
    return 'deploy';
  // a CI pipeline, workflow or job started whose name or inputs name a deploy or release and
  // production (`jenkins_trigger_build {job: deploy-prod}`, `gitlab_create_pipeline {variables:
  // [{key: DEPLOY_ENV, value: production}]}`, `github_run_workflow {workflow_id: deploy.yml,
  // inputs: {environment: production}}`); a test pipeline or a staging deploy is not
  if (
    has(words, 'run trigger start create launch dispatch execute rerun retry') &&
    has(words, 'pipeline pipelines workflow workflows job jobs build builds dispatch')
  ) {
    const text = `${words.join(' ')} ${JSON.stringify(p)}`;
    if (PROD.test(text) && /deploy|release|rollout|promot|publish|ship/i.test(text)) return 'deploy';
  }
  // a running service, app, machine or dyno changed or scaled where a parameter names production
  if (
    has(words, 'update scale restart stop') &&
    has(words, 'dyno dynos machine machines instance instances replicas formation') &&
    Object.values(p).some((v) => typeof v === 'string' && PROD.test(v))
  )
    return 'deploy';
  // a review that approves a pull or merge request, or a held deployment approved
  const verdict = ['event', 'state', 'action', 'decision', 'review_event']
    .map((k) => p[k])
    .find((v) => typeof v === 'string');
  if (
    (has(words, 'review reviews') && typeof verdict === 'string' && /^approved?$/i.test(verdict)) ||
    (has(words, 'approve') && has(words, 'pull pr mr merge request deployment deployments'))
  )
    return 'approval';
  // infrastructure as code applied (`terraform_apply`, `pulumi_up`, `cdk_deploy`,
  // `cloudformation_create_stack`, `tofu_apply {workspace: prod}`): what the plan holds is made
  // real in the account; a plan, preview, validate or diff tool never gets here
  if (
    has(
      words,
      'terraform tofu opentofu pulumi cdk cloudformation bicep crossplane terragrunt stack stacks infra infrastructure',
    ) &&
    has(words, 'apply up deploy create update execute') &&
    appliesInfra(p)
  )
    return 'deploy';
  // a build made live on a store branch (Steamworks SetAppBuildLive, `set_build_live`,
  // `make_build_live`, `promote_build_to_live`)
  if (words.includes('live') && has(words, 'set make go push promote publish build branch')) return 'deploy';
  // a playbook, state or job template run, or migrations applied, where a parameter names
  // production (`ansible_run_playbook {inventory: inventories/production}`, `awx_launch_job_template
  // {name: deploy-prod}`, `run_migrations {database_url: postgres://prod-db/app}`)
  if (
    has(words, 'run execute launch apply start trigger deploy up') &&
    has(words, 'playbook playbooks ansible awx job template state highstate salt migration migrations migrate') &&
    Object.values(p).some((v) => typeof v === 'string' && PROD.test(v))
  )
    return 'deploy';
  if (
    has(words, 'grade grades gradebook scores marks') &&
    has(words, 'post publish release submit sync upload push update set save')
  )
    return 'grades';
  return undefined;
}

/** Single-quotes a word for a shell line. */
function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `ssh HOST 'COMMAND'` for a tool that runs a command on another machine, or undefined. */
export function mcpRemoteCommand(words: readonly string[], p: Params): string | undefined {
  if (!has(words, 'ssh remote sftp')) return undefined;
  const pick = (...keys: string[]) =>
    keys.map((k) => p[k]).find((v): v is string => typeof v === 'string' && !!v.trim());
  const host = pick('host', 'hostname', 'server', 'target', 'machine', 'address');
  const command = pick('command', 'cmd', 'script', 'commands');
  if (!host || !command || !/^[\w.@:[\]-]{1,200}$/.test(host)) return undefined;
  const user = pick('user', 'username');
  return `ssh ${user && /^[\w.-]+$/.test(user) && !host.includes('@') ? `${user}@` : ''}${host} ${quote(command)}`;
}

/**
 * A generic infrastructure tool (`ExecuteTerraformCommand {command: plan}`, `run_pulumi
 * {subcommand: preview}`) applies something only when the subcommand it is given does; with no
 * such parameter the tool's own name (`terraform_apply`) decided.
 */
function appliesInfra(p: Params): boolean {
  const sub = ['command', 'subcommand', 'action', 'operation', 'cmd']
    .map((k) => p[k])
    .find((v): v is string => typeof v === 'string');
  return sub === undefined || /\b(?:apply|up|deploy|destroy|import|create|update|refresh)\b/i.test(sub);
}
