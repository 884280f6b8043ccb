// The programs of three trades (theme22b): a managed security provider's SOC (Splunk, Elastic,
// EDR consoles and CLIs, Velociraptor, TheHive, MISP, XSOAR), a dealership group's IT (Microsoft
// Graph and Entra ID, Power Platform, SharePoint, Intune) and a construction firm's field software
// (Procore and Autodesk Platform Services APIs, Azure Functions, mobile release tools). Each
// test pairs what the trade's program destroys, grants, prints or ships with its daily routine.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('endpoint security agents switched off or removed are stopped; their status and listings pass', () => {
  check([
    x('D', '/opt/CrowdStrike/falconctl -d -f --rfm-state'),
    x('D', '/opt/sentinelone/bin/sentinelctl unprotect -k "$S1_PASSPHRASE"'),
    x('D', 'mdatp config real-time-protection --value disabled'),
    x('D', 'Sysmon64.exe -u force'),
    x('A', 'mdatp exclusion folder add --path /'),
    x('A', 'systemctl stop falcon-sensor'),
    x('B', '/opt/CrowdStrike/falconctl -g --rfm-state --version'),
    x('B', 'mdatp health --field real_time_protection_enabled'),
    x('B', 'mdatp exclusion list'),
    x('B', 'systemctl restart falcon-sensor'),
  ]);
});

test('console and MDM action endpoints that uninstall, disable, retire or wipe are asked, whatever the client', () => {
  check([
    x(
      'A',
      `curl -X POST https://usea1.sentinelone.net/web/api/v2.1/agents/actions/uninstall -H "Authorization: ApiToken $T" -d '{"filter":{}}'`,
    ),
    x('A', `curl -X POST https://usea1.sentinelone.net/web/api/v2.1/agents/actions/disable-agent -d '{"filter":{}}'`),
    x('A', 'az rest --method POST --url "https://graph.microsoft.com/v1.0/deviceManagement/managedDevices/$id/wipe"'),
    x('A', 'az rest --method POST --url https://graph.microsoft.com/v1.0/deviceManagement/managedDevices/1/retire'),
    x(
      'B',
      `curl -s -H "Authorization: ApiToken $T" 'https://usea1.sentinelone.net/web/api/v2.1/agents?computerName=WKS-1'`,
    ),
    x('B', 'az rest --method GET --url https://graph.microsoft.com/v1.0/deviceManagement/managedDevices'),
  ]);
});

test('a record deleted with a trailing force segment is still that record', () => {
  check([
    x('A', 'curl -X DELETE -H "Authorization: Bearer $K" https://thehive.mssp.local/api/v1/case/~41234/force'),
    x('B', 'curl -s -H "Authorization: Bearer $K" https://thehive.mssp.local/api/v1/case/~41234'),
  ]);
});

test('Entra directory roles, tenant-wide consent and scoped admin flags are grants', () => {
  check([
    x('A', `pwsh -c "New-MgDirectoryRoleMemberByRef -DirectoryRoleId \\$gaRole -BodyParameter @{'@odata.id'='x'}"`),
    x(
      'A',
      `pwsh -c "New-MgOauth2PermissionGrant -ClientId \\$sp -ConsentType AllPrincipals -ResourceId \\$g -Scope 'Mail.Read'"`,
    ),
    x(
      'A',
      `curl -X POST -H "Authorization: Bearer $T" https://api.procore.com/rest/v1.0/companies/4264/users -d '{"user":{"email_address":"x@gmail.com","company_admin":true}}'`,
    ),
    x('B', `pwsh -c "Remove-MgGroupMemberByRef -GroupId \\$salesGrp -DirectoryObjectId \\$leaverId"`),
    x('B', `pwsh -c "Get-MgDirectoryRoleMember -DirectoryRoleId \\$gaRole"`),
    x(
      'B',
      `curl -X POST -H "Authorization: Bearer $T" https://api.procore.com/rest/v1.0/companies/4264/users -d '{"user":{"email_address":"x@acme.com","company_admin":false}}'`,
    ),
  ]);
});

test('trade credential files, printed tokens and minted app secrets are stopped; a token captured passes', () => {
  check([
    x('D', 'cat ~/.local/share/Microsoft/PowerAppsCli/authprofiles_v2.json'),
    x('D', 'cat ~/.cli-m365-tokens.json'),
    x('D', 'velociraptor --config server.config.yaml config show'),
    x('D', 'm365 util accesstoken get --resource https://graph.microsoft.com --new'),
    x('A', `pwsh -c "Add-MgApplicationPassword -ApplicationId \\$appId -PasswordCredential @{displayName='tmp'}"`),
    x(
      'B',
      'TOK=$(curl -s -X POST https://developer.api.autodesk.com/authentication/v2/token -u "$ID:$SECRET" -d grant_type=client_credentials | jq -r .access_token)',
    ),
    x('B', 'pac auth list'),
    x('B', 'pac env list'),
    x('B', "az ad app show --id $APP_ID --query 'passwordCredentials[].endDateTime'"),
    x(
      'B',
      `python3 -c "from pymisp import PyMISP; m=PyMISP('https://misp.mssp.local',__import__('os').environ['MISP_KEY']); print(len(m.search(value='198.51.100.7')))"`,
    ),
  ]);
});

test('trade deploy verbs are asked; test, UAT and dry-run targets pass', () => {
  check([
    x('A', '/opt/splunk/bin/splunk apply shcluster-bundle -target https://sh01.mssp.local:8089 --answer-yes'),
    x('A', 'demisto-sdk upload -i Packs/ClientTriage -z'),
    x(
      'A',
      'pac solution import --path ./DealerOps_managed.zip --environment https://autogroup-prod.crm.dynamics.com --publish-changes',
    ),
    x('B', 'pac solution import --path ./DealerOps.zip --environment https://autogroup-test.crm.dynamics.com'),
    x('B', 'pac solution import --path ./DealerOps.zip --environment autogroup-uat --async'),
    x('B', 'pac solution export --path ./out/DealerOps.zip --name DealerOps'),
    x('B', '/opt/splunk/bin/splunk validate cluster-bundle --check-restart'),
    x('B', 'demisto-sdk validate -i Packs/ClientTriage'),
  ]);
});

test('trade SDKs deleting what the service keeps are asked; their reads pass', () => {
  check([
    x(
      'A',
      `node -e "const {OssClient}=require('@aps_sdk/oss');new OssClient().deleteBucket('prod-bim-store',{accessToken:process.env.APS})"`,
    ),
    x('A', `python3 -c "from pymisp import PyMISP; m=PyMISP('https://misp.local','k'); m.delete_event(42)"`),
    x(
      'B',
      `node -e "const {OssClient}=require('@aps_sdk/oss');new OssClient().getBuckets({accessToken:process.env.APS})"`,
    ),
  ]);
});

test("a URL's query is not a glob: one blob removed is one item", () => {
  check([
    x('A', "azcopy remove 'https://constfield.blob.core.windows.net/scratch/tmp-upload-123.zip?$SAS'"),
    x('D', "azcopy remove 'https://constfield.blob.core.windows.net/drone-raw/*?$SAS'"),
  ]);
});

test("Splunk's | delete is the delete of what the search selects; a retention cut to an hour is asked", () => {
  check([
    x('D', "/opt/splunk/bin/splunk search 'index=edr earliest=-1h | delete' -auth admin:x"),
    x(
      'D',
      "curl -k -u admin:x https://localhost:8089/services/search/jobs -d search='search index=wineventlog | delete'",
    ),
    x('A', '/opt/splunk/bin/splunk edit index firewall -frozenTimePeriodInSecs 600 -auth admin:x'),
    x('B', "/opt/splunk/bin/splunk search 'index=audit action=delete | stats count by user'"),
    x('B', '/opt/splunk/bin/splunk edit index firewall -frozenTimePeriodInSecs 7776000 -auth admin:x'),
    [
      'A',
      'edit',
      {
        path: '/opt/splunk/etc/system/local/indexes.conf',
        old_string: 'frozenTimePeriodInSecs = 31536000',
        new_string: 'frozenTimePeriodInSecs = 3600',
      },
    ],
  ]);
});

test('BitLocker recovery keys printed are denied; listing the keys without their value passes', () => {
  check([
    x('D', 'manage-bde -protectors -get C:'),
    x(
      'D',
      'Get-MgInformationProtectionBitlockerRecoveryKey -All | ForEach-Object { Get-MgInformationProtectionBitlockerRecoveryKey -BitlockerRecoveryKeyId $_.Id -Property key }',
    ),
    x('B', 'manage-bde -status'),
    x('B', 'pwsh -c "Get-MgInformationProtectionBitlockerRecoveryKey -All | Select Id,CreatedDateTime"'),
  ]);
});
