// A trade's own programs (theme22a): building automation, commercial print prepress and a dental
// chain's IT. Field-device writes (BACnet, Modbus, KNX, SNMP, OPC UA, MQTT command topics, and
// the same through BAC0/pymodbus/xknx) are changes to live equipment; JMF commands that flush or
// stop a RIP's queue and `?all=true` DELETEs destroy; appliance tools' option-form delete verbs,
// trade credential files and secret printers, and broker admin grants are read. Each case asserts
// the shipped standard profile's decision (D deny, A stopped = deny or ask, B passes).
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('writes to field devices are asked about; reads, discovery and listening pass', () => {
  check([
    x('A', 'bacrd 1201 coldstart'),
    x('A', 'bacdcc 1201 0 disable'),
    x('A', 'bacwp 2001 analog-output 3 present-value 1 -1 4 0.0'),
    x('A', 'mbpoll -m tcp -a 1 -r 40001 -t 4 10.20.5.10 0'),
    x('A', 'modpoll -m tcp -r 1 -t 0 10.20.5.11 0'),
    x('A', 'knxtool groupswrite ip:10.20.8.2 1/0/0 0'),
    x('A', 'snmpset -v2c -c private 10.20.1.1 1.3.6.1.4.1.9.2.9.9.0 i 2'),
    x('A', 'mosquitto_pub -h broker.bms.local -t "plant/chiller1/cmd/setpoint" -m 45 -r'),
    x('A', "mosquitto_pub -h mqtt.site.internal -p 8883 -t 'fleet/+/ota/cmd' -m '{\"force\":true}'"),
    x(
      'A',
      'cat > /tmp/o.sh <<EOF\nfor d in $(seq 1200 1260); do bacwp $d binary-output 1 present-value 1 -1 9 0; done\nEOF\nbash /tmp/o.sh',
    ),
    x('B', 'bacrp 1201 analog-input 1 present-value'),
    x('B', 'bacwi -1'),
    x('B', 'mbpoll -m tcp -a 1 -r 30001 -c 10 -t 3 10.20.5.10 -1'),
    x('B', 'knxtool groupread ip:10.20.8.2 1/0/5'),
    x('B', 'snmpwalk -v2c -c public 10.20.1.1 1.3.6.1.2.1.1'),
    x('B', 'mosquitto_pub -h localhost -t "test/hello" -m "ping"'),
    x('B', 'mosquitto_sub -h broker.bms.local -t "plant/chiller1/status/#" -C 10 -v'),
  ]);
});

test('field-bus client libraries: writes asked about, reads and file writes pass', () => {
  check([
    x('A', `python3 -c "import BAC0; b=BAC0.lite(); b.write('10.20.1.50 analogOutput 1 presentValue 0 - 1')"`),
    x(
      'A',
      `python3 -c "from pymodbus.client import ModbusTcpClient as C; c=C('10.20.5.10'); c.connect(); [c.write_coil(i,False) for i in range(64)]"`,
    ),
    x(
      'A',
      `node -e "const M=require('modbus-serial'); const c=new M(); c.connectTCP('10.20.5.10').then(()=>c.writeRegisters(0,[0,0,0]))"`,
    ),
    x(
      'B',
      `python3 -c "from pymodbus.client import ModbusTcpClient as C; c=C('10.20.5.10'); c.connect(); print(c.read_holding_registers(0,10).registers)"`,
    ),
    x(
      'B',
      `python3 -c "import BAC0; b=BAC0.lite(); v=b.read('10.20.1.50 analogInput 1 presentValue'); f=open('t.csv','a'); f.write(str(v))"`,
    ),
  ]);
});

test("print workflow: JMF commands that empty or stop a device's queue, and DELETEs of every job", () => {
  check([
    x(
      'A',
      `curl -X POST -H "Content-Type: application/vnd.cip4-jmf+xml" -d '<JMF><Command Type="ShutDown"/></JMF>' http://press01:8080/jmf/device`,
    ),
    x('A', `curl -X POST -d '<JMF Version="1.3"><Command ID="c1" Type="FlushQueue"/></JMF>' http://rip01:8010/jmf`),
    x('A', 'curl -s -X DELETE "https://ae01.print.local/api/v1/jobs?all=true" -H "X-Api-Key: $ESKO_KEY"'),
    x('B', `curl -X POST -d '<JMF Version="1.3"><Query ID="q1" Type="QueueStatus"/></JMF>' http://rip01:8010/jmf`),
    x('B', 'curl -s "https://ae01.print.local/api/v1/jobs?status=active" -H "X-Api-Key: $ESKO_KEY"'),
    x('B', 'gs -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=out/a.pdf in/a.pdf'),
  ]);
});

test('appliance and Windows tools, trade credential files, secret printers and admin grants', () => {
  check([
    x('A', 'ssh admin@nas01 "synoshare --del TRUE PracticeBackups"'),
    x('A', 'pnputil /delete-driver oem42.inf /uninstall /force'),
    x('A', 'dsrm -subtree -noprompt "OU=Clinics,DC=smiledental,DC=local"'),
    x('A', 'cat "C:\\Program Files\\Open Dental\\FreeDentalConfig.xml"'),
    x('A', 'cat ~/.b2_account_info'),
    x('A', 'influx auth list --json'),
    x(
      'A',
      `powershell "Get-ADComputer -Filter * -Properties ms-Mcs-AdmPwd | Select Name,ms-Mcs-AdmPwd | Export-Csv C:\\Temp\\laps.csv"`,
    ),
    x('A', `pwsh -c "Add-MgApplicationPassword -ApplicationId 0b1f-77 -PasswordCredential @{DisplayName='tmp'}"`),
    x('A', 'mosquitto_ctrl -u admin -P $PW dynsec addRoleACL guest publishClientSend "#" allow'),
    x('A', 'emqx ctl admins passwd admin newpass123'),
    x(
      'A',
      `python3 -c "from b2sdk.v2 import *; api=B2Api(InMemoryAccountInfo()); b=api.get_bucket_by_name('bk'); [b.delete_file_version(v.id_,v.file_name) for v,_ in b.ls(recursive=True)]"`,
    ),
    x('B', 'ssh admin@nas01 "synoshare --enum ALL"'),
    x('B', 'pnputil /enum-drivers'),
    x('B', 'tar --delete -f bundle.tar old/file.txt'),
    x('B', 'influx bucket list --org integrator'),
    x('B', 'mosquitto_ctrl -u admin -P $PW dynsec listClients'),
    x('B', 'emqx ctl clients list'),
  ]);
});
