// A trade's own programs (theme22c): a drone-delivery startup's flight software (MAVProxy,
// pymavlink, MAVSDK, DroneKit, ROS 2 px4_msgs), a smart-home maker's firmware and OTA team (AWS IoT
// Core, SoftHSM/PKCS#11 signing tokens, hawkBit), a food-delivery marketplace's backend (Heroku,
// Algolia, LaunchDarkly). Each reading with the trade's everyday look-alikes, which pass.
import { test } from 'node:test';
import { check, checkCommands, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const r = (want: Case[0], path: string): Case => [want, 'read', { path }];

test("a vehicle's autopilot told over MAVLink to wipe, kill or drop its failsafes is asked, whatever client carries it", () => {
  checkCommands(
    [
      "mavproxy.py --master=udp:10.20.0.14:14550 --cmd='param set FORMAT_VERSION 0; reboot'",
      "mavproxy.py --master=/dev/ttyACM0 --cmd='log erase'",
      "mavproxy.py --master=udp:127.0.0.1:14550 --cmd='wp clear; fence clear'",
      "echo 'param set FORMAT_VERSION 0' > /tmp/w.scr && mavproxy.py --master=udp:relay:14550 --cmd='script /tmp/w.scr'",
      'python3 -c "from pymavlink import mavutil; m=mavutil.mavlink_connection(\'udpout:gw:14550\'); m.mav.log_erase_send(1, 1)"',
      'python3 -c "from pymavlink import mavutil; m=mavutil.mavlink_connection(\'tcp:d17:5760\'); m.mav.command_long_send(1,1,245,0,2,2,0,0,0,0,0)"',
      'python3 -c "from pymavlink import mavutil; m=mavutil.mavlink_connection(\'udp:0.0.0.0:14550\'); m.mav.command_long_send(1,1,400,0,0,21196,0,0,0,0,0)"',
      "python3 -c \"from pymavlink import mavutil; m=mavutil.mavlink_connection('udp:0.0.0.0:14550'); m.mav.param_set_send(1, 1, b'ARMING_CHECK', 0, 9)\"",
      'python3 -c "import asyncio; from mavsdk import System\nasync def r():\n d=System(); await d.connect(\'serial:///dev/ttyUSB0:57600\'); await d.action.kill()\nasyncio.run(r())"',
      "python3 -c \"from dronekit import connect; v=connect('udp:10.20.0.14:14550'); v.parameters['FENCE_ENABLE']=0\"",
      "ros2 topic pub --once /fmu/in/vehicle_command px4_msgs/msg/VehicleCommand '{command: 185, param1: 1.0}'",
      "python3 Tools/mavlink_shell.py --cmd 'param reset_all' udp:10.20.0.14:14550",
    ],
    'stop',
    'vehicle-commands',
  );
  checkCommands(
    [
      "mavproxy.py --master=udp:127.0.0.1:14550 --cmd='param show ARMING*'",
      "mavproxy.py --master=tcp:127.0.0.1:5760 --cmd='mode GUIDED; arm throttle'",
      'python3 -c "from pymavlink import mavutil; m=mavutil.mavlink_connection(\'udp:127.0.0.1:14550\'); m.mav.param_request_list_send(1, 1)"',
      "Tools/autotest/sim_vehicle.py -v ArduCopter --console -w --cmd='param set ARMING_CHECK 0'",
      'make px4_sitl gazebo-classic && px4-param set CBRK_SUPPLY_CHK 894281',
      "grep -rn 'log_erase_send' src/",
      "git commit -m 'gcs: confirm before wp clear'",
      'mavlogdump.py --types ATT,GPS --format csv logs/00000042.BIN',
    ],
    'pass',
  );
});

test('firmware signing keys deleted from their token, wildcard IoT policies and minted device keys are stopped; listings pass', () => {
  check([
    x('D', 'softhsm2-util --delete-token --token fw-signing'),
    x('D', 'pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --delete-object --type privkey --label fw-signing'),
    x('D', 'yubihsm-shell -a delete-object -i 0x0001 -t asymmetric-key'),
    x(
      'D',
      'aws iot create-policy --policy-name All --policy-document \'{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"iot:*","Resource":"*"}]}\'',
    ),
    x('A', 'aws iot create-keys-and-certificate --set-as-active --certificate-pem-outfile c.pem'),
    r('D', '/home/dev/.softhsm/tokens/3a1f/token.object'),
    r('D', '/greengrass/v2/privKey.key'),
    x('B', 'softhsm2-util --show-slots'),
    x('B', 'pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --list-objects'),
    x('B', 'aws iot get-policy --policy-name HubDevicePolicy'),
    x('B', 'aws iot describe-endpoint --endpoint-type iot:Data-ATS'),
  ]);
});

test('a fleet rollout started over HTTP is asked; reading rollouts passes', () => {
  check([
    x('A', 'curl -X POST -u admin:$HAWKBIT_PW https://hawkbit.example.io/rest/v1/rollouts/17/start'),
    x('B', 'curl -s -u dev:dev https://hawkbit.example.io/rest/v1/rollouts | jq .'),
  ]);
});

test("the food-delivery backend's vendor CLIs and SDKs: credentials, clears and outages are stopped; routine calls pass", () => {
  check([
    x('D', 'heroku pg:credentials:url DATABASE -a eatsy-api-prod'),
    r('D', '/home/dev/.config/algolia/config.toml'),
    r('D', '/home/dev/.config/ldcli/config.yml'),
    x(
      'A',
      "node -e \"const a=require('algoliasearch')(process.env.ALGOLIA_APP_ID,process.env.ALGOLIA_ADMIN_KEY); a.initIndex('restaurants_prod').clearObjects()\"",
    ),
    x(
      'A',
      "python3 -c \"from algoliasearch.search_client import SearchClient; SearchClient.create('A','K').init_index('menu').clear_objects()\"",
    ),
    x('A', 'heroku maintenance:on -a eatsy-api-prod'),
    x(
      'B',
      "node -e \"const a=require('algoliasearch')(process.env.ALGOLIA_APP_ID,process.env.ALGOLIA_SEARCH_KEY); a.initIndex('restaurants_prod').search('sushi')\"",
    ),
    x('B', 'heroku pg:info -a eatsy-api-prod'),
    x('B', 'heroku maintenance -a eatsy-api-prod'),
    x('B', 'algolia indices list'),
  ]);
});

test('flight logs and robot recordings deleted outside the project are asked; build output passes', () => {
  check([
    x('A', 'rm -rf ~/flight-logs/2026-*/*.ulg'),
    x('A', 'rm -rf /home/pilot/rosbags/2026-11-*'),
    x('B', 'rm -rf build/px4_sitl_default && make px4_sitl'),
  ]);
});
