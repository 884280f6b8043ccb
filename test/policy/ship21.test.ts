// Deploys, releases and cloud take-downs reached through shapes the verb readings did not know
// (ship21): cloud operations named verb-noun (`create-deployment`, `start-pipeline-execution`),
// switching verbs (`activate`, `swap`, `converge`, a feature flag enabled), cloud modules'
// cmdlets aimed at production, volumes and gateways detached, image builds told to --push,
// Kubernetes, Pulumi and Terraform libraries called from code, HTTP `actions/apply` and
// `ID/activate` endpoints, copies onto shared network mounts' release places. Each stopping
// reading comes with the look-alikes a team runs daily, which pass.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

test('cloud operations named verb-noun and switching verbs aimed at production are asked', () => {
  check([
    ['A', 'exec', { command: 'aws apigateway create-deployment --rest-api-id a1b2c3 --stage-name prod' }],
    ['A', 'exec', { command: 'aws codepipeline start-pipeline-execution --name api-prod' }],
    ['A', 'exec', { command: 'akamai property-manager activate --network PRODUCTION --property www.acme.com' }],
    ['A', 'exec', { command: 'werf converge --env production' }],
    [
      'A',
      'exec',
      { command: 'az appconfig feature enable --name acme-config --feature new-checkout --label production --yes' },
    ],
    [
      'A',
      'exec',
      { command: 'gcloud compute instance-groups managed rolling-action restart web-prod --zone us-central1-a' },
    ],
    ['A', 'exec', { command: 'acmectl flags toggle new-checkout --env production' }],
    ['B', 'exec', { command: 'aws apigateway get-deployments --rest-api-id a1b2c3' }],
    ['B', 'exec', { command: 'aws codepipeline get-pipeline-state --name api-prod' }],
    [
      'B',
      'exec',
      { command: 'az appconfig feature show --name acme-config --feature new-checkout --label production' },
    ],
    ['B', 'exec', { command: 'gcloud compute instance-groups managed list-instances web-prod --zone us-central1-a' }],
    ['B', 'exec', { command: 'kitchen converge default-ubuntu' }],
    ['B', 'exec', { command: 'aws apigateway create-deployment --rest-api-id a1b2c3 --stage-name dev' }],
  ]);
});

test("cloud modules' cmdlets are read by their own verb and their parameters' target", () => {
  check([
    [
      'A',
      'exec',
      {
        command:
          'Switch-AzWebAppSlot -ResourceGroupName rg-prod -Name acme-web -SourceSlotName staging -DestinationSlotName production',
      },
    ],
    ['A', 'exec', { command: 'Update-ECSService -Cluster prod -Service api -DesiredCount 0' }],
    ['A', 'exec', { command: 'New-AzResourceGroupDeployment -ResourceGroupName rg-prod -TemplateFile main.bicep' }],
    ['B', 'exec', { command: 'Get-AzWebApp -ResourceGroupName rg-prod' }],
    ['B', 'exec', { command: 'Set-AzContext -Subscription acme-prod' }],
    ['B', 'exec', { command: 'Set-Location C:\\src\\prod-api' }],
    ['B', 'exec', { command: 'Update-ECSService -Cluster dev -Service api -DesiredCount 2' }],
    [
      'B',
      'exec',
      { command: 'New-AzResourceGroupDeployment -ResourceGroupName rg-prod -TemplateFile main.bicep -WhatIf' },
    ],
  ]);
});

test('a volume, gateway or address pulled off what uses it is asked; permissions and local detaches pass', () => {
  check([
    ['A', 'exec', { command: 'aws ec2 detach-volume --volume-id vol-0abc123 --force' }],
    ['A', 'exec', { command: 'aws ec2 detach-internet-gateway --internet-gateway-id igw-1 --vpc-id vpc-1' }],
    ['A', 'exec', { command: 'gcloud compute instances detach-disk db-1 --disk data-1 --zone us-central1-a' }],
    ['A', 'exec', { command: 'az vm disk detach -g rg-prod --vm-name db1 -n data1' }],
    ['A', 'exec', { command: 'hcloud volume detach data-1' }],
    [
      'B',
      'exec',
      { command: 'aws iam detach-role-policy --role-name ci --policy-arn arn:aws:iam::aws:policy/ReadOnly' },
    ],
    ['B', 'exec', { command: 'tmux detach' }],
    ['B', 'exec', { command: 'hdiutil detach /Volumes/Installer' }],
    ['B', 'exec', { command: 'hcloud server detach-iso web1' }],
    ['B', 'exec', { command: 'aws ec2 describe-volumes --volume-ids vol-0abc123' }],
  ]);
});

test('image builds told to push, and host options spelled -h, ship', () => {
  check([
    ['A', 'exec', { command: 'depot build -t ghcr.io/acme/api:latest --push .' }],
    ['A', 'exec', { command: 'devcontainer build --workspace-folder . --image-name ghcr.io/acme/dev:1 --push' }],
    [
      'A',
      'exec',
      { command: 'buildctl build --frontend dockerfile.v0 --output type=image,name=ghcr.io/acme/api,push=true' },
    ],
    ['A', 'exec', { command: 'caprover deploy -h https://captain.acme.io -a api -b main' }],
    ['B', 'exec', { command: 'depot build -t api:dev --load .' }],
    ['B', 'exec', { command: 'devcontainer build --workspace-folder .' }],
    ['B', 'exec', { command: 'caprover deploy -h' }],
  ]);
});

test('Kubernetes, Pulumi and Terraform libraries called from code are read as their CLI', () => {
  check([
    [
      'A',
      'exec',
      {
        command: `python3 -c "from kubernetes import client, config; config.load_kube_config(context='prod'); client.AppsV1Api().patch_namespaced_deployment_scale('api','production',{'spec':{'replicas':0}})"`,
      },
    ],
    [
      'A',
      'exec',
      {
        command: `python3 -c "from pulumi import automation as auto; auto.select_stack('prod', work_dir='infra').up(on_output=print)"`,
      },
    ],
    [
      'A',
      'exec',
      {
        command: `python3 -c "from pulumi import automation as auto; auto.select_stack('prod', work_dir='infra').destroy()"`,
      },
    ],
    [
      'B',
      'exec',
      {
        command: `python3 -c "from pulumi import automation as auto; auto.select_stack('prod', work_dir='infra').preview(on_output=print)"`,
      },
    ],
    [
      'B',
      'exec',
      {
        command: `python3 -c "from kubernetes import client, config; config.load_kube_config(); print(client.AppsV1Api().list_namespaced_deployment('production'))"`,
      },
    ],
    [
      'B',
      'exec',
      {
        command: `python3 -c "from kubernetes import client, config; config.load_kube_config(context='kind-dev'); client.AppsV1Api().patch_namespaced_deployment('api','dev',{'spec':{'replicas':2}})"`,
      },
    ],
  ]);
});

test('HTTP endpoints that apply a stored plan or switch on what users are served are asked', () => {
  check([
    [
      'A',
      'exec',
      {
        command:
          'curl -X POST -H "Authorization: Bearer $TFC_TOKEN" https://app.terraform.io/api/v2/runs/run-CZcmD7eagjhyX0vN/actions/apply',
      },
    ],
    [
      'A',
      'exec',
      {
        command:
          'curl -s -X POST https://api.bidlane.io/admin/v1/campaigns/8812/activate -H "Authorization: Bearer $ADMIN_TOKEN"',
      },
    ],
    ['A', 'exec', { command: 'gh api repos/acme/api/git/refs -f ref=refs/tags/v3.0.0 -f sha=3f2a1c9' }],
    ['B', 'exec', { command: 'curl -s https://app.terraform.io/api/v2/runs/run-CZcmD7eagjhyX0vN' }],
    ['B', 'exec', { command: 'gh api repos/acme/api/git/refs/tags' }],
    // one customer's copy switched on by id is not a service going live
    [
      'B',
      'exec',
      { command: 'curl -s -X POST https://api.example.com/v1/serials/AB12-99/activate -d machine=studio-mac' },
    ],
    ['B', 'exec', { command: 'curl -X POST http://localhost:8080/api/products/42/activate' }],
    ['B', 'exec', { command: 'gh api repos/acme/api/git/refs -f ref=refs/heads/feature/x -f sha=3f2a1c9' }],
  ]);
});

test("copies onto a shared mount's release places ship; this machine's disks and scratch places pass", () => {
  check([
    ['A', 'exec', { command: 'cp -r build/lfx_nuke_tools/2.4.0 /software/rez/packages/release/lfx_nuke_tools/' }],
    ['A', 'exec', { command: 'rsync -a --delete dist/plugins/ /mnt/deadline/repository/custom/plugins/' }],
    ['A', 'exec', { command: 'ln -sfn /software/lfx_pipeline/3.2.0 /software/lfx_pipeline/current' }],
    ['A', 'exec', { command: 'rsync -a --delete build/site/ /mnt/webfarm/www/current/' }],
    ['B', 'exec', { command: 'cp results.csv /mnt/data/project/' }],
    ['B', 'exec', { command: 'cp build/app.exe /mnt/c/Users/dev/Desktop/release/' }],
    ['B', 'exec', { command: 'cp -r dist /mnt/nas/test/plugins/' }],
    ['B', 'exec', { command: 'ln -s /software/tool/3.2.0 /tmp/current' }],
  ]);
});

test('rehearsals stay rehearsals: a change set made for review only', () => {
  check([
    [
      'B',
      'exec',
      {
        command: 'aws cloudformation deploy --template-file stack.yaml --stack-name api-prod --no-execute-changeset',
      },
    ],
    ['A', 'exec', { command: 'aws cloudformation deploy --template-file stack.yaml --stack-name api-prod' }],
  ]);
});
