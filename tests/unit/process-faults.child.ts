// A process with the fault handlers (tests/unit/process-faults.test.ts): a rejection nobody awaits, then
// proof it is still alive, then an exception thrown outside anything, which must end it with code 1.
import { installFaultHandlers } from "../../common/process-faults";

installFaultHandlers("test");
const keepAlive = setInterval(() => {}, 1000);
void Promise.reject(new Error("nobody awaits this"));
setTimeout(() => {
  process.stdout.write("alive after the rejection\n");
  setTimeout(() => {
    void keepAlive;
    throw new Error("thrown outside any request");
  }, 10);
}, 50);
