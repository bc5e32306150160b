import { OPTIMISE_MAX_ANSWERS } from "@shared/memory/limits";
import { DEFAULT_PARAMETERS } from "@shared/memory/scheduler";
import { describe, expect, it } from "vitest";
import { CHILD_ERROR_MAX, taskSetFrom } from "./optimiser-messages";
import { childReplyFrom } from "./optimiser-process";
import type { TrainingSet } from "./training-set";

const set = (cardStarts: number[], ratings: number[], deltaDays: number[]): TrainingSet => ({
  cardStarts: Uint32Array.from(cardStarts),
  ratings: Uint8Array.from(ratings),
  deltaDays: Uint32Array.from(deltaDays),
});
const task = (training: unknown) => ({ type: "optimise", set: training });

describe("the optimiser child's task, as the child checks it (decision 0046)", () => {
  it("takes a training set as the server builds it, the empty one included", () => {
    const good = set([0, 3, 5], [3, 1, 3, 2, 4], [0, 0, 3, 0, 10]);
    expect(taskSetFrom(task(good))).toEqual(good);
    expect(taskSetFrom(task(set([0], [], [])))).toEqual(set([0], [], []));
  });

  it.each([
    ["nothing", undefined],
    ["a string", "optimise"],
    ["another type", { type: "stop", set: set([0, 1], [3], [0]) }],
    ["no set", { type: "optimise" }],
    // What JSON serialization would have made of the arrays.
    ["plain arrays", task({ cardStarts: [0, 1], ratings: [3], deltaDays: [0] })],
    [
      "arrays of other types",
      task({ cardStarts: new Float64Array([0, 1]), ratings: new Uint8Array([3]), deltaDays: new Uint32Array([0]) }),
    ],
    ["days and grades of different lengths", task(set([0, 2], [3, 3], [0]))],
    ["cards not starting at the first answer", task(set([1, 2], [3, 3], [0, 1]))],
    ["cards not ending at the last answer", task(set([0, 1], [3, 3], [0, 1]))],
    ["an empty card", task(set([0, 1, 1, 2], [3, 3], [0, 0]))],
    ["no card list", task(set([], [], []))],
    ["a grade of 0", task(set([0, 2], [3, 0], [0, 1]))],
    ["a grade of 5", task(set([0, 2], [5, 3], [0, 1]))],
  ])("refuses %s", (_, message) => {
    expect(() => taskSetFrom(message)).toThrow();
  });

  it("refuses more answers than a fit reads", () => {
    const answers = OPTIMISE_MAX_ANSWERS + 1;
    const tooMany = set([0, answers], new Array(answers).fill(3), new Array(answers).fill(1));
    expect(() => taskSetFrom(task(tooMany))).toThrow(/answers/);
  });
});

describe("the optimiser child's reply, as the server checks it (decision 0046)", () => {
  const fit = { logLoss: 0.43, rmse: 0.05 };
  const result = { parameters: [...DEFAULT_PARAMETERS], items: 418, defaults: fit, personal: fit };
  const reply = { type: "result", result, fitMs: 70, cpuMs: 180, peakMemoryMb: 200 };

  it("takes a result or a failure", () => {
    expect(childReplyFrom(reply)).toEqual(reply);
    expect(childReplyFrom({ type: "failed", error: "Error: no items" })).toEqual({
      type: "failed",
      error: "Error: no items",
    });
  });

  it.each([
    ["nothing", undefined],
    ["another type", { ...reply, type: "done" }],
    ["20 weights", { ...reply, result: { ...result, parameters: DEFAULT_PARAMETERS.slice(1) } }],
    ["22 weights", { ...reply, result: { ...result, parameters: [...DEFAULT_PARAMETERS, 1] } }],
    [
      "a weight that is not a number",
      { ...reply, result: { ...result, parameters: [Number.NaN, ...DEFAULT_PARAMETERS.slice(1)] } },
    ],
    [
      "an infinite log loss",
      { ...reply, result: { ...result, personal: { ...fit, logLoss: Number.POSITIVE_INFINITY } } },
    ],
    ["an RMSE above 1", { ...reply, result: { ...result, defaults: { ...fit, rmse: 1.5 } } }],
    ["a count of items that is not whole", { ...reply, result: { ...result, items: 1.5 } }],
    ["no timings", { type: "result", result }],
    ["a failure without its text", { type: "failed" }],
    ["an error text too long", { type: "failed", error: "x".repeat(CHILD_ERROR_MAX + 1) }],
  ])("refuses %s", (_, message) => {
    expect(() => childReplyFrom(message)).toThrow(/not a reply/);
  });
});
