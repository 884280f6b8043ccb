// Readings of a whole command line, each behind a cheap gate.
//
// Every new command line is read by every reading, so a reading that cannot apply must cost (next
// to) nothing. A reading is registered here with what it needs to see: the programs that must run
// somewhere in the line (`programs`, compared with the set worked out once per line) and/or a
// pattern the line's text must match (`hint`; all hints are first tried as one pattern, so a line
// that matches none costs one scan). When neither is met the reading is not
// called at all. A reading with neither runs on every line: give one unless it really reads
// every line. The gate must be necessary, never sufficient: a line that can amount to something
// under a reading must pass its gate (a reading may keep finer checks of its own).
//
// To add a reading: write it in a file of its own taking (LineFacts, Effect[]) and add an entry
// to LINE_READINGS below. Entries run in this order, after the per-command readings and
// lineEffects (interp/line.ts), and may read what earlier ones put into `out`.
// See docs/effects.md ("Adding a reading").
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { windowsReads } from './env-reads.js';
import { downloadExecEffects } from './download-exec.js';
import { sedEditEffects } from './sed-edits.js';
import { privilegeEffects } from './privilege.js';
import { svcTamperEffects } from './svc-tamper.js';
import { cwdPathEffects } from './cwd-paths.js';
import { cdDeleteEffects } from './cd-deletes.js';
import { HTTP_SQL_HINT, httpSqlEffects } from './http-sql.js';
import { KEY_METHOD_HINT, keyMethodEffects } from './key-methods.js';
import { ADMIN_GRANT_HINT, adminGrantEffects } from './admin-grants.js';
import { AGENT_PROGRAMS, agentLaunchEffects } from './agent-launch.js';
import { escapeEffects } from './escape.js';
import { SUPPLY_LINE_HINT, supplyLineEffects } from './supply-line.js';
import { SUPPLY_HOOK_HINT, supplyHookEffects } from './supply-hooks.js';
import { FOREIGN_HINT, foreignRunEffects } from './foreign-runs.js';
import { listedReads } from './env-reads.js';
import { REGISTRY_HINT, registrySecretEffects } from './registry-secrets.js';
import { INSTALLER_PROGRAMS, installerEffects } from './installers.js';
import { codeInstallerEffects, codeInstallerPrograms } from './code-installers.js';
import { INSTALL_PLACE_HINT, installPlaceEffects } from './install-places.js';
import { VERIFY_FLAG_HINT, verifyFlagEffects } from './verify-flags.js';
import { LOSS_GUARD_HINT, lossGuardEffects } from './loss-guards.js';
import { REPLACE_IMPORT_HINT, replaceImportEffects } from './replace-imports.js';
import { TRUST_ANCHOR_HINT, trustAnchorEffects } from './trust-anchors.js';
import { STORED_COMMAND_HINT, storedCommandEffects } from './stored-commands.js';
import { PIRATED_HINT, piratedCodeEffects } from './pirated-code.js';
import { PLUGIN_DROP_HINT, pluginDropEffects } from './plugin-drops.js';
import { IMAGE_TARGET_PROGRAMS, imageTargetEffects } from './image-targets.js';
import { DUCKDB_HINT, EXTENSION_LOADER_PROGRAMS, extensionLoaderEffects } from './extension-loaders.js';
import { MODEL_CODE_HINT, modelCodeEffects } from './model-code.js';
import { SOURCED_HINT, sourcedWriteEffects } from './sourced-writes.js';
import { INDIRECT_HINT, indirectEffects } from './env-indirect.js';
import { SECRET_LAUNCHERS, secretLauncherEffects } from './secret-launchers.js';
import { DUMPER_HINT, credentialDumperEffects } from './credential-dumpers.js';
import { OS_SECRET_HINT, osSecretStoreEffects } from './os-secret-stores.js';
import { SDK_CREDENTIAL_HINT, sdkCredentialEffects } from './sdk-credentials.js';
import { CLUSTER_ADMIN_HINT, clusterAdminEffects } from './cluster-admin-configs.js';
import { OBJECT_PRINT_PROGRAMS, objectPrintEffects } from './object-prints.js';
import { STARTUP_EXPORT_HINT, startupExportEffects } from './startup-exports.js';
import { DATA_SHARE_HINT, dataShareEffects } from './data-shares.js';
import { REMOTE_REPO_HINT, remoteRepoEffects } from './remote-repos.js';
import { ENDPOINT_VAR_HINT, endpointVarEffects } from './endpoint-vars.js';
import { STORAGE_DEST_HINT, storageDestinationEffects } from './storage-destinations.js';
import { LOGGED_CREDENTIAL_HINT, loggedCredentialEffects } from './logged-credentials.js';
import { COVERT_PAYLOAD_HINT, covertPayloadEffects } from './covert-payloads.js';
import { WEBMAIL_GRANT_HINT, webmailGrantEffects } from './webmail-grants.js';
import { MEDIA_DROP_HINT, mediaDropEffects } from './media-drops.js';
import { DNS_PROGRAMS, dnsLoopEffects } from './dns-loops.js';
import { ARCHIVE_PROGRAMS, archivePrintEffects } from './archive-prints.js';
import { SVC_NETWORK_PROGRAMS, svcNetworkEffects } from './svc-network.js';
import { EXPOSED_SHELL_PROGRAMS, exposedShellEffects } from './exposed-shells.js';
import { DEBUG_LISTENER_HINT, debugListenerEffects } from './debug-listeners.js';
import { SENT_FIELD_CLIENTS, sentSecretFieldEffects } from './sent-secret-fields.js';
import { TEXT_SEARCH_PROGRAMS, vendorSecretSearchEffects } from './vendor-secret-searches.js';
import { CONFIG_COPY_HINT, configCopyEffects } from './config-copies.js';
import { BMC_PROGRAMS, bmcCommandEffects } from './bmc-commands.js';
import { AGENT_SOCKET_HINT, agentSocketEffects } from './agent-sockets.js';
import { AGENT_CONFIG_HINT, agentConfigSecretEffects } from './agent-config-secrets.js';
import { RELAY_HINT, RELAY_PROGRAMS, relayEffects } from './shell-relays.js';
import { ACCESS_PROGRAMS, accessGrantEffects } from './access-grants.js';
import { ROLE_GRANT_PROGRAMS, roleGrantEffects } from './role-grants.js';
import { AGENT_SETTING_HINT, agentSettingEffects } from './agent-settings.js';
import { ACCOUNT_TAKEOVER_HINT, accountTakeoverEffects } from './account-takeovers.js';
import { FEED_PROGRAMS, FORWARD_HINT, feedEffects, forwardRuleEffects } from './standing-feeds.js';
import { VM_STARTUP_PROGRAMS, vmStartupEffects } from './vm-startup.js';
import { NPM_CONFIG_PROGRAMS, npmConfigHookEffects } from './npm-config-hooks.js';
import { FISH_HINT, fishUniversalEffects } from './fish-universal.js';
import { PANEL_CRON_PROGRAMS, panelCronEffects } from './panel-cron.js';
import { MEMBER_GRANT_HINT, memberGrantEffects } from './member-grants.js';
import { REMOTE_EXEC_PROGRAMS, remoteExecEffects } from './remote-exec.js';
import { SECRET_HISTORY_PROGRAMS, secretHistoryEffects } from './secret-history.js';
import { CONFIG_PRINT_PROGRAMS, configPrintEffects } from './config-prints.js';
import { ENV_SELECTOR_PROGRAMS, envSelectorEffects } from './env-selectors.js';
import { FILE_PARAM_PROGRAMS, fileParamEffects } from './file-params.js';
import { STAGED_HINT, stagedShellEffects } from './staged-shells.js';
import { HIDDEN_START_HINT, hiddenStartEffects } from './hidden-starts.js';
import { PRIORITY_HINT, priorityRaiseEffects } from './priority-raises.js';
import { NETWORK_SERVE_HINT, networkServeEffects } from './network-serves.js';
import { HOST_SPEC_HINT, hostSpecLine } from './host-specs.js';
import { SANDBOX_ESCAPE_HINT, sandboxEscapeEffects } from './sandbox-escapes.js';
import { POWER_PROBE_HINT, powerProbeEffects } from './power-probes.js';
import { FRAMEWORK_PROGRAMS, frameworkCodeEffects } from './framework-code.js';
import { CODE_WIPE_HINT, codeVerbWipeEffects } from './code-verb-wipes.js';
import { EVIDENCE_HINT, evidenceChangeEffects } from './evidence-changes.js';
import { BACKUP_PROGRAMS, backupEffects } from './backup-retention.js';
import { INFRA_STATE_PROGRAMS, infraStateEffects } from './infra-state.js';
import { OVERWRITE_PROGRAMS, overwriteEffects } from './overwrite-wipes.js';
import { STORAGE_PROGRAMS, storageWipeEffects } from './storage-wipes.js';
import { DEVICE_FORMAT_HINT, deviceFormatEffects } from './device-formats.js';
import { ENCRYPT_PROGRAMS, encryptWipeEffects } from './encrypt-wipes.js';
import { CLEAN_VAR_PROGRAMS, cleanVarEffects } from './clean-vars.js';
import { OUTPUT_CLEAN_PROGRAMS, outputCleanEffects } from './output-cleans.js';
import { DEVICE_WRITE_PROGRAMS, deviceWriteEffects } from './device-writes.js';
import { LOG_WIPE_HINT, logWipeEffects } from './log-wipes.js';
import { DEVICE_ERASE_HINT, deviceConfigEraseEffects } from './device-config-erases.js';
import { VEHICLE_COMMAND_HINT, vehicleCommandEffects } from './vehicle-commands.js';
import { DIRECTORY_WIPE_HINT, directoryWipeEffects } from './directory-wipes.js';
import { LOOP_DELETE_HINT, loopDeleteEffects } from './loop-deletes.js';
import { ALERTING_OFF_HINT, alertingOffEffects } from './alerting-off.js';
import { FORGE_HISTORY_PROGRAMS, forgeHistoryEffects } from './forge-history.js';
import { FORGE_PROTECTION_PROGRAMS, forgeProtectionEffects } from './forge-protections.js';
import { REF_MOVE_PROGRAMS, refMoveEffects } from './ref-moves.js';
import { PROD_DESTROY_PROGRAMS, prodDestroyEffects } from './prod-destroys.js';
import { MOVE_DELETE_PROGRAMS, moveDeleteEffects } from './move-deletes.js';
import { CONTAINER_COPY_PROGRAMS, containerCopyEffects } from './container-copies.js';
import { DOC_STORE_PROGRAMS, docStoreWipeEffects } from './doc-store-wipes.js';
import { XARGS_BLANK_HINT, xargsBlankEffects } from './xargs-blanks.js';
import { SSH_TUNNEL_PROGRAMS, sshTunnelEffects } from './ssh-tunnels.js';
import { SWEEP_HINT, processSweepEffects } from './process-sweeps.js';
import { DATA_EXPORT_HINT, DATA_EXPORT_PROGRAMS, dataExportEffects } from './data-exports.js';
import { SECRET_HELPER_HINT, secretHelperEffects } from './secret-helpers.js';
import { PROCESS_SECRET_HINT, PROCESS_SECRET_PROGRAMS, processSecretEffects } from './process-secrets.js';
import { INFRA_PROGRAMS, infraCommandEffects } from './infra-sources.js';
import { REMOTE_PROGRAMS, remoteDeployEffects } from './remote-deploy.js';
import { GRANT_PROGRAMS, forgeGrantEffects } from './forge-grants.js';
import { PROD_TARGET_PROGRAMS, prodTargetEffects } from './prod-targets.js';
import { SITE_ALIAS_PROGRAMS, siteAliasEffects } from './site-aliases.js';
import { PROD_AIM_HINT, prodAimEffects } from './prod-aims.js';
import { WEB_ROOT_PROGRAMS, webRootCopyEffects } from './web-root-copies.js';
import { PROD_SQL_PROGRAMS, prodSqlFileEffects } from './prod-sql-files.js';
import { MASS_SEND_HINT, massSendEffects } from './mass-sends.js';
import { APP_ADMIN_HINT, appAdminGrantEffects } from './app-admin-grants.js';
import { ADMIN_LEVEL_HINT, adminLevelGrantEffects } from './admin-level-grants.js';
import { CMDLET_SHARE_HINT, cmdletShareEffects } from './cmdlet-shares.js';
import { OFFICE_MACRO_HINT, officeMacroEffects } from './office-macros.js';
import { CONTAINER_API_HINT, apiContainerRuns } from './container-sdk.js';
import { DIRECTORY_MEMBER_HINT, directoryMemberLine } from './directory-members.js';
import { LOOPBACK_ROOT_HINT, loopbackRootEffects } from './loopback-root.js';
import { DEVICE_SCHEDULER_HINT, deviceSchedulerPlants } from './device-schedulers.js';
import { APP_ADMIN_ACCOUNT_HINT, appAdminAccountEffects } from './app-admin-accounts.js';
import { RETENTION_HINT, retentionCuts } from './retention-cuts.js';
import { Q_HINT, qLineEffects } from './q-code.js';
import { GIT_WORK_HINT, gitWorkLossEffects } from './git-work-loss.js';
import { stackVolumeEffects } from './stack-volumes.js';
import { CAPACITY_HINT, capacityCutEffects } from './capacity-cuts.js';
import { SNAPSHOT_HINT, snapshotReverts } from './snapshot-reverts.js';
import { LEADING_KEYWORDS } from './leading-keywords.js';

/** What the readings of one line look at, worked out once for all of them. */
export class LineFacts {
  private names: Set<string> | undefined;

  constructor(
    /** The command line as written. */
    readonly text: string,
    /** Its simple commands (walk.ts), nested ones included. */
    readonly cmds: SimpleCommand[],
  ) {}

  /**
   * The programs the line runs, lower-cased base names (/usr/bin/curl -> curl): each simple
   * command's first word after assignments and launchers, and the word after a leading keyword
   * (`do rm`, `then curl`, `! grep`) as well as the keyword itself.
   */
  get programs(): ReadonlySet<string> {
    if (this.names) return this.names;
    const out = new Set<string>();
    for (const c of this.cmds) {
      const a = c.argv;
      for (let i = 0; i < a.length && i < 4; i++) {
        out.add(basename(a[i] ?? '').toLowerCase());
        if (!KEYWORDS.has(a[i] ?? '')) break;
      }
    }
    this.names = out;
    return out;
  }
}

const KEYWORDS: ReadonlySet<string> = new Set([...LEADING_KEYWORDS, 'exec']);

export interface LineReading {
  /** A short name (it shows in profiles and in docs/effects.md). */
  name: string;
  /** Lower-case program names; the reading runs when one of them runs in the line. */
  programs?: readonly string[];
  /** A pattern (no `g` or `y` flag); the reading runs when the line's text matches it. */
  hint?: RegExp;
  read(line: LineFacts, out: Effect[]): void;
}

/** The registry. Order matters only where a reading reads what an earlier one found. */
export const LINE_READINGS: readonly LineReading[] = [
  {
    name: 'windows-reads',
    // Windows paths and variables, as windowsReads() looks for them
    hint: /%\w+%|\$env:|[A-Za-z]:\\|~\\/i,
    read: (l, out) => windowsReads(l.text, out),
  },
  // a registry value read by a secret's name: reg query /v P4PASSWD, (Get-ItemProperty KEY).P4PASSWD (registry-secrets.ts)
  { name: 'registry-secrets', hint: REGISTRY_HINT, read: (l, out) => registrySecretEffects(l, out) },
  // `ls ~/.ssh | ... | xargs cat`: the files a listing names, read by xargs' program
  { name: 'listed-reads', hint: /\bxargs\b/, read: (l, out) => listedReads(l.cmds, out) },
  // Downloads and privilege changes gate themselves on one scan of the line (their HINTs).
  { name: 'download-exec', read: (l, out) => downloadExecEffects(l.cmds, out, l.text) },
  // `sed -i 's/OLD/NEW/' FILE` read as the edit it is, by the edit readings of source-swaps.ts (sed-edits.ts)
  { name: 'sed-edits', programs: ['sed', 'gsed', 'perl'], read: sedEditEffects },
  { name: 'privilege', read: (l, out) => privilegeEffects(l.text, out) },
  // relative paths after cd ~ / cd ~/.svc (cwd-paths.ts)
  { name: 'cwd-paths', programs: ['cd', 'pushd'], read: cwdPathEffects },
  // deletes after any cd, joined onto where it went: `cd .. && rm -rf project` (cd-deletes.ts)
  { name: 'cd-deletes', programs: ['cd', 'pushd'], read: cdDeleteEffects },
  // statements sent to a database's HTTP API: influx /query?q=DROP ..., {"query": "TRUNCATE ..."} (http-sql.ts)
  { name: 'http-sql', hint: HTTP_SQL_HINT, read: httpSqlEffects },
  // a remote procedure that dumps or unlocks keys, in an RPC body or as an RPC client's subcommand (key-methods.ts)
  { name: 'key-methods', hint: KEY_METHOD_HINT, read: keyMethodEffects },
  // administrator power granted inside a shared system: Vault policies and roles, admin roles over HTTP (admin-grants.ts)
  { name: 'admin-grants', hint: ADMIN_GRANT_HINT, read: adminGrantEffects },
  // svc stopped, administered or unhooked however it is spelled (svc-tamper.ts); after the
  // per-command readings, whose fetches and writes it reads. It gates itself: on its words
  // (TAMPER_HINT), a few programs, and the writes found so far to start-up and settings files.
  { name: 'svc-tamper', read: svcTamperEffects },
  { name: 'agent-launch', programs: AGENT_PROGRAMS, read: agentLaunchEffects },
  // any agent's approval, permission or sandbox gate opened through its config command (agent-settings.ts)
  { name: 'agent-settings', hint: AGENT_SETTING_HINT, read: agentSettingEffects },
  { name: 'nsenter-ssm', programs: ['nsenter', 'aws'], read: escapeEffects },
  // pins taken out in place, hidden files in installed packages run, downloads built or loaded
  { name: 'supply-line', hint: SUPPLY_LINE_HINT, read: (l, out) => supplyLineEffects(l.text, l.cmds, out) },
  // compilers, linkers, wrappers and agents a build runs, pointed at a scratch folder (supply-hooks.ts)
  { name: 'supply-hooks', hint: SUPPLY_HOOK_HINT, read: (l, out) => supplyHookEffects(l.cmds, out) },
  // a file run from a folder of evidence, malware, attachments or other people's uploads (foreign-runs.ts)
  { name: 'foreign-runs', hint: FOREIGN_HINT, read: (l, out) => foreignRunEffects(l.cmds, out) },
  // plugins and extensions installed from a place, create-* packages run, manifests set (installers.ts)
  { name: 'installers', programs: INSTALLER_PROGRAMS, read: (l, out) => installerEffects(l.cmds, out) },
  // plugins, templates and pipelines installed from a URL, repository or server (catalogue-driven)
  {
    name: 'code-installers',
    get programs() {
      return codeInstallerPrograms();
    },
    read: (l, out) => codeInstallerEffects(l.cmds, out),
  },
  // any other tool's install verb with a URL, repository or verification switch (install-places.ts)
  { name: 'install-places', hint: INSTALL_PLACE_HINT, read: (l, out) => installPlaceEffects(l.cmds, out) },
  // any other tool's option that stops checking what a repository, mirror or sync fetches (verify-flags.ts)
  { name: 'verify-flags', hint: VERIFY_FLAG_HINT, read: (l, out) => verifyFlagEffects(l.cmds, out) },
  // a schema tool's guard against dropping or cleaning a database that holds data switched off (loss-guards.ts)
  { name: 'loss-guards', hint: LOSS_GUARD_HINT, read: (l, out) => lossGuardEffects(l.cmds, out) },
  // an import or load told to empty its target first (replace-imports.ts)
  { name: 'replace-imports', hint: REPLACE_IMPORT_HINT, read: (l, out) => replaceImportEffects(l.cmds, out) },
  // a signing key or certificate authority made trusted, whatever the platform (trust-anchors.ts)
  { name: 'trust-anchors', hint: TRUST_ANCHOR_HINT, read: (l, out) => trustAnchorEffects(l.cmds, out) },
  // fetch-and-run command lines handed to a program that keeps them to run later (stored-commands.ts)
  { name: 'stored-commands', hint: STORED_COMMAND_HINT, read: (l, out) => storedCommandEffects(l.cmds, out) },
  // cracked and nulled builds unpacked, installed, copied or run
  { name: 'pirated-code', hint: PIRATED_HINT, read: (l, out) => piratedCodeEffects(l.cmds, out) },
  // archives and files of unknown origin put into an application's plugin folder (plugin-drops.ts)
  { name: 'plugin-drops', hint: PLUGIN_DROP_HINT, read: (l, out) => pluginDropEffects(l.cmds, out) },
  // an image of an owner no catalogue knows run against internal hosts or private addresses (image-targets.ts)
  { name: 'image-targets', programs: IMAGE_TARGET_PROGRAMS, read: (l, out) => imageTargetEffects(l.cmds, out) },
  // extensions, jars and plugins that data tools and dashboards fetch and load (extension-loaders.ts)
  {
    name: 'extension-loaders',
    programs: EXTENSION_LOADER_PROGRAMS,
    hint: DUCKDB_HINT,
    read: (l, out) => extensionLoaderEffects(l.text, l.cmds, out),
  },
  // a model repository's own code run on load (model-code.ts)
  { name: 'model-code', hint: MODEL_CODE_HINT, read: (l, out) => modelCodeEffects(l.text, out) },
  // a file a start-up file sources, written in the same line (sourced-writes.ts); reads the writes found so far
  { name: 'sourced-writes', hint: SOURCED_HINT, read: (_l, out) => sourcedWriteEffects(out) },
  // ${!name}: a variable read by a name held in another (env-indirect.ts)
  { name: 'env-indirect', hint: INDIRECT_HINT, read: indirectEffects },
  // commands run by programs that load secrets first (dotenv -- CMD, op run -- CMD ...)
  { name: 'secret-launchers', programs: SECRET_LAUNCHERS, read: secretLauncherEffects },
  // the export lines of shell start-up and environment files searched out (startup-exports.ts)
  { name: 'startup-exports', hint: STARTUP_EXPORT_HINT, read: startupExportEffects },
  // mimikatz, LaZagne, secretsdump, Invoke-Mimikatz ... run by name (credential-dumpers.ts)
  { name: 'credential-dumpers', hint: DUMPER_HINT, read: credentialDumperEffects },
  // the OS's own secret stores by their API or verb: Credential Manager, keyring, disk recovery
  // keys, PIN guessing loops, every process's command line searched (os-secret-stores.ts)
  { name: 'os-secret-stores', hint: OS_SECRET_HINT, read: osSecretStoreEffects },
  // browser cookie extractors, keyring bindings and cloud SDK credential chains printed, in code (sdk-credentials.ts)
  { name: 'sdk-credentials', hint: SDK_CREDENTIAL_HINT, read: sdkCredentialEffects },
  // a cluster's admin kubeconfig fetched or a hosted cluster's kubeconfig printed (cluster-admin-configs.ts)
  { name: 'cluster-admin-configs', hint: CLUSTER_ADMIN_HINT, read: (l, out) => clusterAdminEffects(l.cmds, out) },
  // an object-storage file printed (gsutil cat, aws s3 cp URL -) read as the file it is (object-prints.ts)
  { name: 'object-prints', programs: OBJECT_PRINT_PROGRAMS, read: (l, out) => objectPrintEffects(l.cmds, out) },
  // people's or production data sent to a bucket named for sharing, personal webmail or a
  // third-party API (data-shares.ts)
  { name: 'data-shares', hint: DATA_SHARE_HINT, read: dataShareEffects },
  // backups, non-git pushes, DICOM sends, SQL and mapped drives reaching another machine (remote-repos.ts)
  { name: 'remote-repos', hint: REMOTE_REPO_HINT, read: remoteRepoEffects },
  // a credential endpoint fetched by the variable the platform sets to it (endpoint-vars.ts)
  { name: 'endpoint-vars', hint: ENDPOINT_VAR_HINT, read: endpointVarEffects },
  // any program's copy into cloud storage another owner or a personal account holds (storage-destinations.ts)
  { name: 'storage-destinations', hint: STORAGE_DEST_HINT, read: storageDestinationEffects },
  // a log or telemetry format that records visitors' cookies or Authorization headers (logged-credentials.ts)
  // data set into a hypervisor guest property or a packet tool's payload (covert-payloads.ts)
  { name: 'covert-payloads', hint: COVERT_PAYLOAD_HINT, read: covertPayloadEffects },
  { name: 'logged-credentials', hint: LOGGED_CREDENTIAL_HINT, read: (l, out) => loggedCredentialEffects(l.cmds, out) },
  // an organisation's files or mail shared with a personal webmail account (webmail-grants.ts)
  { name: 'webmail-grants', hint: WEBMAIL_GRANT_HINT, read: webmailGrantEffects },
  // files written onto a removable drive or into an outbound transfer folder (media-drops.ts)
  { name: 'media-drops', hint: MEDIA_DROP_HINT, read: mediaDropEffects },
  // data spelled into DNS names by a loop (dns-loops.ts)
  { name: 'dns-loops', programs: DNS_PROGRAMS, read: dnsLoopEffects },
  // members printed out of an archive: unzip -p, tar -xO, 7z e -so (archive-prints.ts)
  { name: 'archive-prints', programs: ARCHIVE_PROGRAMS, read: archivePrintEffects },
  // svc's port or the loopback interface blocked, taken down or shaped to nothing (svc-network.ts)
  { name: 'svc-network', programs: SVC_NETWORK_PROGRAMS, read: svcNetworkEffects },
  // notebooks, editors and web terminals served without authentication beyond loopback
  { name: 'exposed-shells', programs: EXPOSED_SHELL_PROGRAMS, read: exposedShellEffects },
  // debuggers and JMX listening beyond loopback, by any program or launcher (debug-listeners.ts)
  { name: 'debug-listeners', hint: DEBUG_LISTENER_HINT, read: debugListenerEffects },
  // password-like fields in the body an HTTP client sends away from home (sent-secret-fields.ts)
  { name: 'sent-secret-fields', programs: SENT_FIELD_CLIENTS, read: sentSecretFieldEffects },
  // secret words searched for through installed software's configuration trees (vendor-secret-searches.ts)
  { name: 'vendor-secret-searches', programs: TEXT_SEARCH_PROGRAMS, read: vendorSecretSearchEffects },
  // a device told to copy its configuration to a server on the internet (config-copies.ts)
  { name: 'config-copies', hint: CONFIG_COPY_HINT, read: configCopyEffects },
  // management controllers told to power, boot, flash or change accounts by their CLIs (bmc-commands.ts)
  { name: 'bmc-commands', programs: BMC_PROGRAMS, read: bmcCommandEffects },
  // SSH_AUTH_SOCK pointed at another session's agent (agent-sockets.ts)
  { name: 'agent-sockets', hint: AGENT_SOCKET_HINT, read: agentSocketEffects },
  // API keys picked out of agents' and MCP clients' configuration (agent-config-secrets.ts)
  { name: 'agent-config-secrets', hint: AGENT_CONFIG_HINT, read: agentConfigSecretEffects },
  // a program's streams handed to a connection by nc -e, socat EXEC:, websocat sh-c: ... (shell-relays.ts)
  { name: 'shell-relays', programs: RELAY_PROGRAMS, hint: RELAY_HINT, read: relayEffects },
  // grants, shares, ACLs and memberships read by whom they let in (access-grants.ts)
  { name: 'access-grants', programs: ACCESS_PROGRAMS, read: accessGrantEffects },
  // administrator roles, groups and permission levels handed to a principal; one's own CLI identity
  // switched to an administrator for later calls (role-grants.ts)
  { name: 'role-grants', programs: ROLE_GRANT_PROGRAMS, read: roleGrantEffects },
  // webhooks, push subscriptions and notification endpoints that keep sending later events out (standing-feeds.ts)
  { name: 'standing-feeds', programs: FEED_PROGRAMS, read: feedEffects },
  // an account's password set with its forced change off, an account made and hidden (account-takeovers.ts)
  { name: 'account-takeovers', hint: ACCOUNT_TAKEOVER_HINT, read: accountTakeoverEffects },
  // any program's mail rule that forwards or redirects later mail to an address (standing-feeds.ts)
  { name: 'forward-rules', hint: FORWARD_HINT, read: forwardRuleEffects },
  // boot scripts set in cloud machines' metadata, user data or script extensions (vm-startup.ts)
  { name: 'vm-startup', programs: VM_STARTUP_PROGRAMS, read: vmStartupEffects },
  // node-options that load a module, set through npm/pnpm config (npm-config-hooks.ts)
  { name: 'npm-config-hooks', programs: NPM_CONFIG_PROGRAMS, read: npmConfigHookEffects },
  // fish universal variables, kept for every later session (fish-universal.ts)
  { name: 'fish-universal', hint: FISH_HINT, read: fishUniversalEffects },
  // cron jobs added through a hosting panel's API (panel-cron.ts)
  { name: 'panel-cron', programs: PANEL_CRON_PROGRAMS, read: panelCronEffects },
  // a named person or account let in through any CLI, the caller's identity switched (member-grants.ts)
  { name: 'member-grants', hint: MEMBER_GRANT_HINT, read: memberGrantEffects },
  // commands and file deletes that ansible, salt, pdsh, clush ... run on other hosts (remote-exec.ts)
  { name: 'remote-exec', programs: REMOTE_EXEC_PROGRAMS, read: remoteExecEffects },
  // code given to rails runner, manage.py shell, artisan tinker ...; env-file launchers' targets (framework-code.ts)
  { name: 'framework-code', programs: FRAMEWORK_PROGRAMS, read: frameworkCodeEffects },
  // the same wipes handed to any program's eval, rpc, -e or --execute (code-verb-wipes.ts)
  { name: 'code-verb-wipes', hint: CODE_WIPE_HINT, read: codeVerbWipeEffects },
  // evidence edited in place, overwritten or moved out of its locker (evidence-changes.ts)
  { name: 'evidence-changes', hint: EVIDENCE_HINT, read: evidenceChangeEffects },
  // backup tools' forget/prune/delete that keep nothing (backup-retention.ts)
  { name: 'backup-retention', programs: BACKUP_PROGRAMS, read: backupEffects },
  // terraform state push, dbt --full-refresh and drop macros by target (infra-state.ts)
  { name: 'infra-state', programs: INFRA_STATE_PROGRAMS, read: infraStateEffects },
  // shred, srm, wipe, scrub on globs, trees and data files (overwrite-wipes.ts)
  { name: 'overwrite-wipes', programs: OVERWRITE_PROGRAMS, read: overwriteEffects },
  // lvremove, mdadm --zero-superblock, cryptsetup luksErase, zpool destroy ... (storage-wipes.ts)
  { name: 'storage-wipes', programs: STORAGE_PROGRAMS, read: storageWipeEffects },
  // a whole disk or tape formatted or erased by any program, by its device word and a format verb (device-formats.ts)
  { name: 'device-formats', hint: DEVICE_FORMAT_HINT, read: deviceFormatEffects },
  // files encrypted and their originals removed, ransomware's shape (encrypt-wipes.ts)
  { name: 'encrypt-wipes', programs: ENCRYPT_PROGRAMS, read: encryptWipeEffects },
  // a project's clean target given a root, home or system folder on the command line (clean-vars.ts)
  { name: 'clean-vars', programs: CLEAN_VAR_PROGRAMS, read: cleanVarEffects },
  // site generators, bundlers and rsync --delete emptying an output folder that is a home, the root or .. (output-cleans.ts)
  { name: 'output-cleans', programs: OUTPUT_CLEAN_PROGRAMS, read: outputCleanEffects },
  // UDS writes and erases sent raw on a CAN bus, chips locked through a debug probe (device-writes.ts)
  { name: 'device-writes', programs: DEVICE_WRITE_PROGRAMS, read: deviceWriteEffects },
  // system logs emptied or deleted, the journal vacuumed to nothing (log-wipes.ts); reads the writes found so far
  { name: 'log-wipes', hint: LOG_WIPE_HINT, read: logWipeEffects },
  // a network device told to erase its saved configuration, over any transport (device-config-erases.ts)
  { name: 'device-config-erases', hint: DEVICE_ERASE_HINT, read: deviceConfigEraseEffects },
  // a drone's autopilot told over MAVLink to wipe its parameters or logs, kill its motors or drop its failsafes (vehicle-commands.ts)
  { name: 'vehicle-commands', hint: VEHICLE_COMMAND_HINT, read: vehicleCommandEffects },
  // an LDAP or Active Directory subtree, or every entry a search returns, deleted (directory-wipes.ts)
  { name: 'directory-wipes', hint: DIRECTORY_WIPE_HINT, read: directoryWipeEffects },
  // every item a listing returns deleted one by one, in SDK code or a shell loop (loop-deletes.ts)
  { name: 'loop-deletes', hint: LOOP_DELETE_HINT, read: loopDeleteEffects },
  // monitoring told to stop alerting or checking for everything (alerting-off.ts)
  { name: 'alerting-off', hint: ALERTING_OFF_HINT, read: alertingOffEffects },
  // a shared branch force-moved or the default branch switched through gh api (forge-history.ts)
  { name: 'forge-history', programs: FORGE_HISTORY_PROGRAMS, read: forgeHistoryEffects },
  // merge and branch protections weakened through gh api or glab api (forge-protections.ts)
  { name: 'forge-protections', programs: FORGE_PROTECTION_PROGRAMS, read: forgeProtectionEffects },
  // a shared branch moved by branch -f, update-ref, checkout -B; the reflog's expiry set to now (ref-moves.ts)
  { name: 'ref-moves', programs: REF_MOVE_PROGRAMS, read: refMoveEffects },
  // a cloud or cluster tool's delete of something named for production (prod-destroys.ts)
  { name: 'prod-destroys', programs: PROD_DESTROY_PROGRAMS, read: prodDestroyEffects },
  // a folder moved away and deleted where it went (move-deletes.ts)
  { name: 'move-deletes', programs: MOVE_DELETE_PROGRAMS, read: moveDeleteEffects },
  // files copied into a running pod, or a container named for production (container-copies.ts)
  { name: 'container-copies', programs: CONTAINER_COPY_PROGRAMS, read: containerCopyEffects },
  // mongosh and cypher-shell code that drops or empties a whole store, by where it points (doc-store-wipes.ts)
  { name: 'doc-store-wipes', programs: DOC_STORE_PROGRAMS, read: docStoreWipeEffects },
  // every file a listing hands to xargs, emptied by the script it runs (xargs-blanks.ts); reads the writes found so far
  { name: 'xargs-blanks', hint: XARGS_BLANK_HINT, read: xargsBlankEffects },
  // ps printing every process's environment; shell history loaded and printed (process-secrets.ts)
  // a database dumped or queried into an upload, warehouses exporting tables (data-exports.ts)
  { name: 'data-exports', programs: DATA_EXPORT_PROGRAMS, hint: DATA_EXPORT_HINT, read: dataExportEffects },
  // git credential helpers given as code that keeps or sends the credentials (secret-helpers.ts)
  { name: 'secret-helpers', hint: SECRET_HELPER_HINT, read: secretHelperEffects },
  // SSH remote, tun and SOCKS forwarding, left running or not (ssh-tunnels.ts)
  { name: 'ssh-tunnels', programs: SSH_TUNNEL_PROGRAMS, read: sshTunnelEffects },
  // processes found by walking /proc and signalled, signals to every process, ld.so as a launcher (process-sweeps.ts)
  { name: 'process-sweeps', hint: SWEEP_HINT, read: processSweepEffects },
  // files printed out of git's history (git show REV:.env), pickaxe searches for secrets (secret-history.ts)
  { name: 'secret-history', programs: SECRET_HISTORY_PROGRAMS, read: secretHistoryEffects },
  // an application's configuration printed by its console: wp config list, artisan config:show, diffsettings, debug:dotenv (config-prints.ts)
  { name: 'config-prints', programs: CONFIG_PRINT_PROGRAMS, read: configPrintEffects },
  // an environment picked out of an inspector's output by its selector (--format .Env, --query environment, | jq .pm2_env) (env-selectors.ts)
  { name: 'env-selectors', programs: ENV_SELECTOR_PROGRAMS, read: envSelectorEffects },
  // files loaded as parameter values: aws file://, az @file, httpie field=@file (file-params.ts)
  { name: 'file-params', programs: FILE_PARAM_PROGRAMS, read: fileParamEffects },
  // programs dropped in /tmp and run against a remote address, or hidden and detached (staged-shells.ts)
  { name: 'staged-shells', hint: STAGED_HINT, read: stagedShellEffects },
  // Windows programs from temp folders started with no window, or run by a system proxy (hidden-starts.ts)
  { name: 'hidden-starts', hint: HIDDEN_START_HINT, read: hiddenStartEffects },
  // scheduler priority, QoS or fair share raised, negative niceness, real-time classes (priority-raises.ts)
  { name: 'priority-raises', hint: PRIORITY_HINT, read: priorityRaiseEffects },
  // model servers on every interface, GPU machines created by the dozen (network-serves.ts)
  { name: 'network-serves', hint: NETWORK_SERVE_HINT, read: networkServeEffects },
  // job and task specs in JSON or HCL on the line that give containers the host (host-specs.ts)
  { name: 'host-specs', hint: HOST_SPEC_HINT, read: (l, out) => out.push(...hostSpecLine(l.text, l.programs)) },
  // chroot break-outs and sandboxed JavaScript reaching the host's Function constructor (sandbox-escapes.ts)
  { name: 'sandbox-escapes', hint: SANDBOX_ESCAPE_HINT, read: sandboxEscapeEffects },
  // sudo rules listed, passwordless sudo tested, capability hunts (power-probes.ts)
  { name: 'power-probes', hint: POWER_PROBE_HINT, read: powerProbeEffects },
  { name: 'process-secrets', programs: PROCESS_SECRET_PROGRAMS, hint: PROCESS_SECRET_HINT, read: processSecretEffects },
  // providers, modules, init scripts and signing keys from outside the tools' registries (infra-sources.ts)
  { name: 'infra-sources', programs: INFRA_PROGRAMS, read: (l, out) => infraCommandEffects(l.cmds, out) },
  // changes run on, or copied onto, another machine over ssh (remote-deploy.ts)
  { name: 'remote-deploy', programs: REMOTE_PROGRAMS, read: (l, out) => remoteDeployEffects(l.cmds, out) },
  // keys, collaborators, webhooks, runners and secrets granted on a code forge (forge-grants.ts)
  { name: 'forge-grants', programs: GRANT_PROGRAMS, read: (l, out) => forgeGrantEffects(l.cmds, out) },
  // migrations and container rollouts aimed at production by their environment (prod-targets.ts)
  { name: 'prod-targets', programs: PROD_TARGET_PROGRAMS, read: (l, out) => prodTargetEffects(l.cmds, out) },
  // WP-CLI and Drush commands that change a live site through its alias or SSH target (site-aliases.ts)
  { name: 'site-aliases', programs: SITE_ALIAS_PROGRAMS, read: (l, out) => siteAliasEffects(l.cmds, out) },
  // any tool's change aimed at production or a main network by its target option or share (prod-aims.ts)
  { name: 'prod-aims', hint: PROD_AIM_HINT, read: prodAimEffects },
  // files copied into another machine's web root by rsync, scp, lftp, robocopy, msdeploy (web-root-copies.ts)
  { name: 'web-root-copies', programs: WEB_ROOT_PROGRAMS, read: (l, out) => webRootCopyEffects(l.cmds, out) },
  // a production database changed by a file or a writing statement run through its client (prod-sql-files.ts)
  { name: 'prod-sql-files', programs: PROD_SQL_PROGRAMS, read: (l, out) => prodSqlFileEffects(l.cmds, out) },
  // newsletters, campaigns and notifications sent to everyone by the project's own commands and code (mass-sends.ts)
  { name: 'mass-sends', hint: MASS_SEND_HINT, read: massSendEffects },
  // application users made administrators by SQL or framework console code (app-admin-grants.ts)
  { name: 'app-admin-grants', hint: APP_ADMIN_HINT, read: appAdminGrantEffects },
  // administrator levels handed out by any application's or directory's CLI (admin-level-grants.ts)
  { name: 'admin-level-grants', hint: ADMIN_LEVEL_HINT, read: adminLevelGrantEffects },
  // sharing opened, outside UNC writes and webmail attachments by PowerShell cmdlets (cmdlet-shares.ts)
  { name: 'cmdlet-shares', hint: CMDLET_SHARE_HINT, read: cmdletShareEffects },
  // Office driven through COM to open macro documents or run macros (office-macros.ts)
  { name: 'office-macros', hint: OFFICE_MACRO_HINT, read: officeMacroEffects },
  // administrator accounts created by SQL or framework console code (app-admin-accounts.ts)
  { name: 'app-admin-accounts', hint: APP_ADMIN_ACCOUNT_HINT, read: appAdminAccountEffects },
  // a network device's scheduler or event handler set to run a shell or reach out (device-schedulers.ts)
  {
    name: 'device-schedulers',
    hint: DEVICE_SCHEDULER_HINT,
    read: (l, out) => void out.push(...deviceSchedulerPlants(l.text, 'the command')),
  },
  // root reached by an SSH login to this same machine (loopback-root.ts)
  { name: 'loopback-root', hint: LOOPBACK_ROOT_HINT, read: loopbackRootEffects },
  // members added to a directory's administrator groups over LDAP (directory-members.ts)
  {
    name: 'directory-members',
    hint: DIRECTORY_MEMBER_HINT,
    read: (l, out) => void out.push(...directoryMemberLine(l.text)),
  },
  // containers created through a runtime's SDK, Engine API or a module, read as docker run (container-sdk.ts)
  {
    name: 'container-sdk',
    hint: CONTAINER_API_HINT,
    read: (l, out) => void out.push(...apiContainerRuns(l.text, 'creates a container through the runtime API')),
  },
  // retention cut to one copy or one day, and reverts to a snapshot, by any tool
  // q (kdb+) code that empties tables, deletes HDB partitions or overwrites the sym file (q-code.ts)
  { name: 'q-code', programs: ['q', 'q.exe'], hint: Q_HINT, read: qLineEffects },
  // a tree's uncommitted and untracked work discarded together, a branch deleted unmerged on both sides (git-work-loss.ts)
  { name: 'git-work-loss', programs: ['git', 'hg'], hint: GIT_WORK_HINT, read: gitWorkLossEffects },
  // docker compose down -v of a self-hosted service's stack, found by where it lives (stack-volumes.ts)
  { name: 'stack-volumes', programs: ['docker', 'docker-compose'], read: stackVolumeEffects },
  // instance counts of a fleet, service or cluster set to zero by any tool (capacity-cuts.ts)
  { name: 'capacity-cuts', hint: CAPACITY_HINT, read: capacityCutEffects },
  { name: 'retention-cuts', hint: RETENTION_HINT, read: (l, out) => void out.push(...retentionCuts(l.cmds)) },
  { name: 'snapshot-reverts', hint: SNAPSHOT_HINT, read: (l, out) => void out.push(...snapshotReverts(l.cmds)) },
];

/** Runs every registered reading whose gate the line passes, in registry order. */
export function lineReadings(line: LineFacts, out: Effect[]): void {
  const list = LINE_READINGS;
  const gates = registryGates();
  // Readings with no gate, and those whose hint is not in the joined scans, are tried on every
  // line; the rest only where the line's programs or the hint scans opened them. Visiting just
  // those (in registry order) costs a handful of steps a line instead of one per registered
  // reading, each a look at a differently shaped object.
  const open = new Uint8Array(list.length);
  let opened = false;
  // The readings the line's few programs open, looked up per program (not per reading).
  for (const p of line.programs) {
    const at = gates.byProgram.get(p);
    if (!at) continue;
    for (const i of at) open[i] = 1;
    opened = true;
  }
  // One scan for all the hints: a line that matches none of them is not tested once per hint.
  // Past it, the hints are tried a group at a time: a group's joined pattern matches exactly
  // when one of its hints does, so only the hints of the (one or two) groups that match are
  // tried alone, not all seventy-odd of them on every line some hint matches.
  const text = line.text;
  let hinted = false;
  for (const re of gates.scans)
    if (re.test(text)) {
      hinted = true;
      break;
    }
  if (hinted)
    for (const g of gates.groups) {
      if (!g.scan.test(text)) continue;
      for (const i of g.members)
        if (open[i] === 0 && list[i]?.hint?.test(text) === true) {
          open[i] = 1;
          opened = true;
        }
    }
  for (const i of gates.always) if (open[i] === 0) open[i] = 2;
  if (!opened) {
    // only the ungated readings and the unscanned hints: in registry order as always
    for (const i of gates.always) {
      const r = list[i];
      if (r && (gates.unscanned[i] === 0 || r.hint?.test(text) === true)) r.read(line, out);
    }
    return;
  }
  for (let i = 0; i < list.length; i++) {
    const o = open[i];
    if (o === 0) continue;
    const r = list[i];
    if (!r) continue;
    if (o === 1 || gates.unscanned[i] === 0 || r.hint?.test(text) === true) r.read(line, out);
  }
}

const NONE: readonly number[] = [];

/** How many hints one group's joined pattern holds (see lineReadings). */
const HINT_GROUP = 8;

interface Gates {
  /** For each program name of the registry, the readings (their indices) it opens. */
  byProgram: Map<string, number[]>;
  /** The hints joined into one pattern per set of flags: no match, no hint matches. */
  scans: RegExp[];
  /** The scanned hints in groups of HINT_GROUP (one flag set each), each group joined into one pattern. */
  groups: { scan: RegExp; members: number[] }[];
  /** 1 for a reading whose hint is not in `scans` (it has named groups or backreferences). */
  unscanned: Uint8Array;
  /**
   * In registry order, the readings tried on every line whatever the scans say: those with neither
   * programs nor a hint (run always) and those whose hint is unscanned (tested alone on each line).
   */
  always: number[];
}

/** The registry's gates, worked out on first use and again if the registry's length changed since. */
let gateIndex: { size: number; gates: Gates } | undefined;

function registryGates(): Gates {
  if (gateIndex?.size === LINE_READINGS.length) return gateIndex.gates;
  const byProgram = new Map<string, number[]>();
  const byFlags = new Map<string, { source: string; at: number }[]>();
  const unscanned = new Uint8Array(LINE_READINGS.length);
  LINE_READINGS.forEach((r, i) => {
    for (const p of r.programs ?? []) {
      let l = byProgram.get(p);
      if (!l) byProgram.set(p, (l = []));
      if (l[l.length - 1] !== i) l.push(i);
    }
    if (!r.hint) return;
    // a named group would clash with another hint's, a backreference would count the others' groups
    if (/\\[1-9]|\\k<|\(\?<[^=!]/.test(r.hint.source)) {
      unscanned[i] = 1;
      return;
    }
    const l = byFlags.get(r.hint.flags) ?? [];
    l.push({ source: `(?:${r.hint.source})`, at: i });
    byFlags.set(r.hint.flags, l);
  });
  const scans = [...byFlags].map(([flags, hints]) => new RegExp(hints.map((h) => h.source).join('|'), flags));
  const groups: Gates['groups'] = [];
  for (const [flags, hints] of byFlags)
    for (let k = 0; k < hints.length; k += HINT_GROUP) {
      const part = hints.slice(k, k + HINT_GROUP);
      groups.push({ scan: new RegExp(part.map((h) => h.source).join('|'), flags), members: part.map((h) => h.at) });
    }
  const always: number[] = [];
  LINE_READINGS.forEach((r, i) => {
    if ((!r.programs && !r.hint) || unscanned[i] === 1) always.push(i);
  });
  const gates = { byProgram, scans, groups, unscanned, always };
  gateIndex = { size: LINE_READINGS.length, gates };
  return gates;
}
