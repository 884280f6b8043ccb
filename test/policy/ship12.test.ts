// Deploys and cloud deletions reached by a route the command-line readings did not follow
// (ship12): an infrastructure CLI run through a build system, task runner, package script or
// its container image; cloud SDKs called from Ruby, PHP, R and Go; a whole account closed or its
// billing unlinked; an image retagged into production; a remote podman engine; storage lifecycle
// rules that delete everything at the next sweep. Each stopping reading comes with look-alikes
// that pass, and local emulators (LocalStack, Azurite) and test package indexes are local work.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

test('an infrastructure CLI run through a runner is read as that CLI', () => {
  check([
    ['A', 'exec', { command: 'bazel run //infra/terraform:prod -- destroy -auto-approve' }],
    ['A', 'exec', { command: 'bazel run //infra:pulumi -- up --yes --stack prod' }],
    ['A', 'exec', { command: 'buck2 run //infra:terraform -- destroy -auto-approve' }],
    ['A', 'exec', { command: 'npx nx run infra:terraform -- apply -auto-approve' }],
    ['A', 'exec', { command: 'npm run terraform -- destroy -auto-approve' }],
    ['A', 'exec', { command: 'npm run cdk -- deploy --all --require-approval never' }],
    ['A', 'exec', { command: 'task terraform -- destroy -auto-approve' }],
    ['A', 'exec', { command: 'nix run nixpkgs#terraform -- destroy -auto-approve' }],
    ['A', 'exec', { command: 'docker run --rm -v $PWD:/w -w /w hashicorp/terraform:1.7 destroy -auto-approve' }],
    ['A', 'exec', { command: 'docker run --rm -v ~/.aws:/root/.aws amazon/aws-cli s3 rb s3://acme-prod-data --force' }],
    ['A', 'exec', { command: 'docker compose run --rm terraform destroy -auto-approve' }],
    ['B', 'exec', { command: 'bazel run //infra/terraform:prod -- plan' }],
    ['B', 'exec', { command: 'bazel run //:gazelle' }],
    ['B', 'exec', { command: 'npm run terraform -- plan' }],
    ['B', 'exec', { command: 'npm run cdk -- synth' }],
    ['B', 'exec', { command: 'task terraform -- plan' }],
    ['B', 'exec', { command: 'docker run --rm -v $PWD:/w -w /w hashicorp/terraform:1.7 fmt -check' }],
    ['B', 'exec', { command: 'docker run --rm bitnami/kubectl get pods' }],
    ['B', 'exec', { command: 'docker compose run --rm terraform init' }],
  ]);
});

test('cloud SDK deletions are read in Ruby, PHP and R as in Python and Node', () => {
  check([
    ['A', 'exec', { command: `ruby -e "require 'aws-sdk-s3'; Aws::S3::Bucket.new('acme-prod-data').delete!"` }],
    ['A', 'exec', { command: `ruby -e "require 'aws-sdk-ec2'; Aws::EC2::Resource.new.instances.each(&:terminate)"` }],
    [
      'A',
      'exec',
      { command: `ruby -e "require 'aws-sdk-dynamodb'; Aws::DynamoDB::Client.new.delete_table table_name: 'prod'"` },
    ],
    ['A', 'exec', { command: `Rscript -e "library(paws); paws::s3()\\$delete_bucket(Bucket = 'acme-prod-data')"` }],
    [
      'A',
      'exec',
      {
        command: `php -r "require 'vendor/autoload.php'; (new Aws\\S3\\S3Client(['region'=>'us-east-1']))->deleteBucket(['Bucket'=>'acme-prod-data']);"`,
      },
    ],
    [
      'B',
      'exec',
      { command: `ruby -e "require 'aws-sdk-s3'; puts Aws::S3::Client.new.list_buckets.buckets.map(&:name)"` },
    ],
    ['B', 'exec', { command: `Rscript -e "library(paws); print(paws::s3()\\$list_buckets())"` }],
    ['B', 'exec', { command: `ruby -e "h = {a: 1}; h.delete(:a); puts h"` }],
  ]);
});

test('closing a whole account or unlinking its billing is a destroy; a lock or a listing is not', () => {
  check([
    ['A', 'exec', { command: 'aws organizations close-account --account-id 123456789012' }],
    ['A', 'exec', { command: 'az account subscription cancel --id 00000000-0000-0000-0000-000000000000 --yes' }],
    ['A', 'exec', { command: 'gcloud billing projects unlink acme-prod' }],
    [
      'A',
      'exec',
      { command: `python3 -c "import boto3; boto3.client('organizations').close_account(AccountId='123456789012')"` },
    ],
    ['B', 'exec', { command: 'az account lock create --lock-type CanNotDelete -n keep-prod' }],
    ['B', 'exec', { command: 'aws organizations list-accounts' }],
    ['B', 'exec', { command: 'gcloud billing projects describe acme-prod' }],
    ['B', 'exec', { command: 'gh issue close 12' }],
  ]);
});

test('an image retagged or imported into a registry tag ships it; local tags do not', () => {
  check([
    ['A', 'exec', { command: 'oc tag crew-dev/roster-api:latest crew-prod/roster-api:prod' }],
    [
      'A',
      'exec',
      { command: 'az acr import --name acmeprod --source acmedev.azurecr.io/api:pr-42 --image api:prod --force' },
    ],
    ['B', 'exec', { command: 'docker tag api:dev registry.acme.io/api:dev' }],
    ['B', 'exec', { command: 'podman tag localhost/api:dev quay.io/acme/api:dev' }],
    ['B', 'exec', { command: 'oc get imagestreamtag -n crew-prod' }],
  ]);
});

test('a podman engine on a production host is named by --url, --connection or CONTAINER_HOST', () => {
  check([
    [
      'A',
      'exec',
      { command: 'podman-remote --url ssh://core@prod-app01/run/podman/podman.sock run -d registry/app:dev' },
    ],
    ['A', 'exec', { command: 'podman --connection prod-app01 run -d registry/app:dev' }],
    ['A', 'exec', { command: 'CONTAINER_HOST=ssh://core@prod-db1/run/podman/podman.sock podman rm -f postgres' }],
    ['B', 'exec', { command: 'podman --connection prod-app01 ps' }],
    ['B', 'exec', { command: 'podman-remote --url ssh://core@prod-app01/run/podman/podman.sock logs api' }],
  ]);
});

test('storage lifecycle rules that delete everything within a day are retention cuts', () => {
  check([
    [
      'A',
      'write',
      {
        path: '/home/dev/project/infra/lifecycle.json',
        content:
          '{"rules":[{"enabled":true,"name":"tidy","type":"Lifecycle","definition":{"actions":{"baseBlob":{"delete":{"daysAfterModificationGreaterThan":0}}}}}]}',
      },
    ],
    [
      'A',
      'write',
      {
        path: '/home/dev/project/infra/gcs.json',
        content: '{\n  "rule": [\n    {"action": {"type": "Delete"}, "condition": {"age": 0}}\n  ]\n}\n',
      },
    ],
    [
      'A',
      'write',
      {
        path: '/home/dev/project/infra/s3.json',
        content:
          '{\n  "Rules": [\n    {\n      "Status": "Enabled",\n      "Filter": {},\n      "Expiration": {\n        "Days": 1\n      }\n    }\n  ]\n}\n',
      },
    ],
    [
      'A',
      'write',
      {
        path: '/home/dev/project/infra/policy.tf',
        content:
          'resource "azurerm_storage_management_policy" "p" {\n  rule {\n    actions {\n      base_blob {\n        delete_after_days_since_modification_greater_than = 0\n      }\n    }\n  }\n}\n',
      },
    ],
    [
      'A',
      'exec',
      {
        command: `az storage account management-policy create --account-name acmeprod -g rg --policy '{"rules":[{"enabled":true,"name":"x","type":"Lifecycle","definition":{"actions":{"baseBlob":{"delete":{"daysAfterModificationGreaterThan":0}}}}}]}'`,
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/infra/gcs.json',
        content: '{"rule":[{"action":{"type":"Delete"},"condition":{"age":365}}]}',
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/infra/gcs-tmp.json',
        content: '{"rule":[{"action":{"type":"Delete"},"condition":{"age":1,"matchesPrefix":["tmp/"]}}]}',
      },
    ],
    ['B', 'exec', { command: 'gsutil lifecycle get gs://acme-prod-data' }],
  ]);
});

test('local cloud emulators and test package indexes are local work; real endpoints are not', () => {
  check([
    ['B', 'exec', { command: 'awslocal s3 rb s3://test-bucket --force' }],
    ['B', 'exec', { command: 'tflocal destroy -auto-approve' }],
    ['B', 'exec', { command: 'aws --endpoint-url=http://localhost:4566 dynamodb delete-table --table-name orders' }],
    ['B', 'exec', { command: 'AWS_ENDPOINT_URL=http://localhost:4566 aws s3 rb s3://test --force' }],
    ['B', 'exec', { command: 'cdklocal deploy --all --require-approval never' }],
    ['B', 'exec', { command: 'az storage container delete -n test --connection-string UseDevelopmentStorage=true' }],
    ['B', 'exec', { command: 'python -m twine upload --repository testpypi dist/*' }],
    ['B', 'exec', { command: 'twine upload --repository-url https://test.pypi.org/legacy/ dist/*' }],
    ['A', 'exec', { command: 'aws --endpoint-url http://localhost@s3.amazonaws.com s3 rb s3://prod --force' }],
    [
      'A',
      'exec',
      { command: 'AWS_ENDPOINT_URL_S3=http://localhost:4566 aws ec2 terminate-instances --instance-ids i-1' },
    ],
    ['A', 'exec', { command: 'LOCALSTACK_HOST=prod.example.com awslocal s3 rb s3://x --force' }],
    ['A', 'exec', { command: 'aws --endpoint-url http://localhost:4566 s3 ls && aws s3 rb s3://prod --force' }],
    [
      'A',
      'exec',
      { command: 'twine upload --repository testpypi --repository-url https://upload.pypi.org/legacy/ dist/*' },
    ],
    ['A', 'exec', { command: 'twine upload dist/*' }],
  ]);
});
