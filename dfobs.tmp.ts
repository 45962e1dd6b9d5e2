import { openSide } from './harness/diff/targets.js';
import { drive, execute } from './harness/diff/execute.js';
const side = await openSide('reference', undefined, '--target', process.env);
const d = drive(side);
const ops: any[] = [{kind:'send'},{kind:'folders',who:'recipient'},{kind:'createFolder',who:'recipient',type:0},{kind:'createFolderLike',k:0},{kind:'createFolderBlank',who:'sender'},{kind:'move',who:'recipient',k:0,to:0},{kind:'where',who:'recipient',k:0},{kind:'delete',who:'recipient',k:0,permanently:false},{kind:'where',who:'recipient',k:0},{kind:'read',k:0},{kind:'message',who:'recipient',k:0},{kind:'metadata',who:'sender',k:0},{kind:'unread'},{kind:'search',page:1},{kind:'details',who:'sender'},{kind:'logonUnknown'},{kind:'soapFolders',who:'sender'},{kind:'soapRead',k:0},{kind:'soapMove',who:'sender',k:0,to:0},{kind:'soapDelete',who:'sender',k:0,permanently:false},{kind:'retract',k:0},{kind:'tokenCredentials'},{kind:'tokenGrantCase'},{kind:'tokenNoGrant'},{kind:'adminUserTypes'},{kind:'adminView',who:'recipient'}];
const obs = await execute(d, ops);
for (const o of obs) console.log(JSON.stringify(o).slice(0, 400));
await d.agent.close(); await side.close();
