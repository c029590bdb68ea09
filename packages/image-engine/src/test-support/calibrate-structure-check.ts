/**
 * Prints the structure-check score of every calibration case through every simulated provider, and the
 * margin the threshold leaves on each side (decision 020). Run from the repository root:
 *   npx tsx packages/image-engine/src/test-support/calibrate-structure-check.ts
 */
import { fitToOriginal } from '../fit-to-original/fit-to-original';
import { STRUCTURE } from '../fit-to-original/structure';
import { CALIBRATION_CASES, loadFixture, PROVIDER_SIMULATIONS, type Fixture } from './calibration-cases';
import { simulateProvider } from './room-edits';

const fixtures = {
  'empty-interior': await loadFixture('empty-interior'),
  'furnished-interior': await loadFixture('furnished-interior'),
  exterior: await loadFixture('exterior'),
} satisfies Record<Fixture, unknown>;

const labels = PROVIDER_SIMULATIONS.map((s) => `${s.width}×${s.height} ${s.framing}`);
console.log(`| case | expected | ${labels.join(' | ')} |`);
console.log(`|---|---|${labels.map(() => '---').join('|')}|`);
let highestPass = 0;
let lowestFlag = Infinity;
for (const testCase of CALIBRATION_CASES) {
  const original = fixtures[testCase.fixture];
  const edited = testCase.edit(original, fixtures);
  const cells: string[] = [];
  for (const simulation of PROVIDER_SIMULATIONS) {
    const result = await simulateProvider(edited, simulation);
    const fit = await fitToOriginal(original, result, { zone: testCase.zone });
    const { score } = fit.structure;
    if (testCase.expected === 'pass') highestPass = Math.max(highestPass, score);
    else lowestFlag = Math.min(lowestFlag, score);
    const wrong = score > STRUCTURE.threshold !== (testCase.expected === 'flag');
    cells.push(
      `${score.toFixed(3)}${wrong ? ' ✗' : ''} (${fit.alignment.framing}, ${fit.alignment.score.toFixed(2)}, kept ${Math.round(fit.keptOriginalFraction * 100)}%)`,
    );
  }
  console.log(`| ${testCase.name} | ${testCase.expected} | ${cells.join(' | ')} |`);
}
console.log(
  `\nhighest pass ${highestPass.toFixed(3)}, lowest flag ${lowestFlag.toFixed(3)}, threshold ${STRUCTURE.threshold}`,
);
console.log(`geometric middle ${Math.sqrt(highestPass * lowestFlag).toFixed(3)}`);
