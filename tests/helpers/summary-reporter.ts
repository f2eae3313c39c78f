import type { Reporter, TestModule } from 'vitest/node';
import { NO_POSTGRES_WARNING } from './postgres-warning.js';

/** The first line of what went wrong, short enough for the end of a CI log. */
const firstLine = (error: unknown) => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String((error as { message?: unknown })?.message ?? error);
  return text.split('\n')[0]!.slice(0, 300);
};

/**
 * Closes the run with what failed, one line each (a CI log is often read from its end only), and the plain
 * 'N passed, N failed' line that CI reads.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = unhandledErrors.map((error) => `unhandled error: ${firstLine(error)}`);
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0)
        failures.push(`${module.moduleId}: ${firstLine(module.errors()[0])}`);
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') failures.push(`${test.fullName}: ${firstLine(result.errors?.[0])}`);
        else skipped++;
      }
    }
    if (!process.env.TEST_DATABASE_URL) console.log(`\n${NO_POSTGRES_WARNING}`);
    if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `- ${line}`).join('\n')}`);
    console.log(`\n${passed} passed, ${failures.length} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
