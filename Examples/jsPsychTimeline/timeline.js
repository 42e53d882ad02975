// A minimal jsPsych-style timeline (no jsPsych download needed): `initTimeline()` returns an
// object with `run(timeline)` and `data`, like `initJsPsych()`. Each timeline entry is a
// trial `{ type, ...parameters }`, where `type` is a plugin: an async function
// `(display, trial, timeline) => data` that draws into `display` and resolves with the trial's
// data when it ends. An entry with `timeline` and `repeat` runs its inner timeline until
// `repeat()` returns false (jsPsych's loop_function). Data of every trial is kept in order.
"use strict";
window.initTimeline = function initTimeline(options = {}) {
  const display = document.getElementById(options.display || "display");
  const data = [];
  const instance = {
    data,
    async run(timeline) {
      for (const entry of timeline) {
        if (entry.timeline) {
          do { await instance.run(entry.timeline); } while (entry.repeat && entry.repeat(data));
          continue;
        }
        const started = performance.now();
        const result = await entry.type(display, entry, instance);
        data.push(Object.assign({ trial_index: data.length, time_elapsed: Math.round(performance.now() - started) },
          entry.data || {}, result || {}));
      }
      if (options.onFinish) options.onFinish(data);
    },
  };
  return instance;
};

// The timing helpers the plugins share.
window.timelineTiming = {
  frame: () => new Promise((resolve) => requestAnimationFrame(resolve)),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  // Resolves with the first keydown among `keys` (lowercased `event.key`) or pointerdown on one of
  // `targets` ({ element: response }): { response, input, timeStamp }.
  press(keys, targets) {
    return new Promise((resolve) => {
      const done = (result) => {
        document.removeEventListener("keydown", onKey);
        for (const element of targets.keys()) element.removeEventListener("pointerdown", onPointer);
        resolve(result);
      };
      const onKey = (event) => {
        const key = event.key.toLowerCase();
        if (event.repeat || !(key in keys)) return;
        event.preventDefault();
        done({ response: keys[key], input: "key", timeStamp: event.timeStamp });
      };
      const onPointer = (event) => {
        event.preventDefault();
        done({ response: targets.get(event.currentTarget), input: event.pointerType || "mouse",
          timeStamp: event.timeStamp });
      };
      document.addEventListener("keydown", onKey);
      for (const element of targets.keys()) element.addEventListener("pointerdown", onPointer);
    });
  },
};
