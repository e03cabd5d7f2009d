import { benchConfig } from './config.ts';
import { generateDataset } from './generator/generate-dataset.ts';

/** `node bench/generate.ts`: (re)generates the bench database; sizes from BENCH_* variables. */
await generateDataset(benchConfig());
