// Read QR codes back with jsQR (a pinned, self-hosted decoder): the test of web/pygames_ui/devices/qr.py.
// stdin: JSON [[modules (rows of 0/1)], ...]; stdout: JSON [decoded text or null, ...].
import jsQR from "jsqr";

const SCALE = 4;
const QUIET = 4;
const codes = JSON.parse(await new Promise((resolve) => {
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk));
  process.stdin.on("end", () => resolve(text));
}));
const out = codes.map((modules) => {
  const n = modules.length + 2 * QUIET;
  const w = n * SCALE;
  const data = new Uint8ClampedArray(w * w * 4).fill(255);
  for (let y = 0; y < modules.length; y++) {
    for (let x = 0; x < modules.length; x++) {
      if (!modules[y][x]) continue;
      for (let dy = 0; dy < SCALE; dy++) {
        for (let dx = 0; dx < SCALE; dx++) {
          const i = (((y + QUIET) * SCALE + dy) * w + (x + QUIET) * SCALE + dx) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
      }
    }
  }
  const found = jsQR(data, w, w);
  return found ? found.data : null;
});
process.stdout.write(JSON.stringify(out));
