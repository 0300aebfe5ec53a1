// The shapes that cross from the build to the browser, as JSDoc typedefs for the browser
// modules and `tsc --checkJs` (make lint), written from scripts/literate/contracts.py:
//   python -m literate.typedefs > scripts/literate/browser/assets/contracts.js
// Do not edit by hand: tests/literate/test_contracts.py fails when they differ.

/** @typedef {"code"|"setup"|"exercise"|"answer"} BlockKind */

/** @typedef {RunJob|GradeJob|CallJob|InlineJob} WorkerJob */

/** @typedef {StreamMessage|DoneMessage|ProgressMessage|ReadyMessage|FailedMessage} WorkerMessage */

/** @typedef {WorkerJob & {id: number}} WorkerRequest */

/**
 * @typedef {object} ExerciseEntry
 * @property {string} id
 * @property {string} title
 * @property {string} starter
 * @property {number} starter_line
 * @property {string} solution
 * @property {string} check
 * @property {number} check_line
 * @property {string} refuse
 * @property {string} success
 * @property {Array<string>} success_parts
 * @property {string|null} starter_feedback
 */

/**
 * @typedef {object} BlockEntry
 * @property {BlockKind} kind
 * @property {string} code
 * @property {number} line
 * @property {boolean} quiet
 * @property {string|null} raises
 * @property {boolean} browser
 * @property {boolean} runs
 * @property {string} [build_only]
 * @property {string} [varies]
 * @property {ExerciseEntry} [exercise]
 */

/**
 * @typedef {object} InlineValueEntry
 * @property {number} line
 * @property {string} expr
 * @property {number} after
 */

/**
 * @typedef {object} BlockListFile
 * @property {string} path
 * @property {Array<BlockEntry>} blocks
 * @property {Array<InlineValueEntry>} values
 */

/**
 * @typedef {object} ExerciseInPage
 * @property {string} id
 * @property {string} title
 * @property {number} starter_line
 */

/**
 * @typedef {object} BlockInPage
 * @property {BlockKind} kind
 * @property {number} line
 * @property {boolean} quiet
 * @property {string|null} raises
 * @property {boolean} browser
 * @property {boolean} runs
 * @property {string} [build_only]
 * @property {string} [varies]
 * @property {ExerciseInPage} [exercise]
 */

/**
 * @typedef {object} BlocksInPage
 * @property {string} path
 * @property {Array<BlockInPage>} blocks
 * @property {string} source
 */

/**
 * @typedef {object} ErrorInfo
 * @property {string} message
 * @property {string} [traceback]
 */

/**
 * @typedef {object} RunResult
 * @property {Array<Object<string, any>>} outputs
 * @property {ErrorInfo|null} error
 */

/**
 * @typedef {object} Grade
 * @property {boolean} passed
 * @property {string} message
 * @property {Array<number>} [progress]
 * @property {string} [printed]
 */

/**
 * @typedef {object} CallResult
 * @property {any} value
 * @property {ErrorInfo|null} error
 */

/**
 * @typedef {object} RunJob
 * @property {"run"} op
 * @property {string} code
 * @property {string} path
 * @property {number} line
 * @property {string|null} raises
 */

/**
 * @typedef {object} GradeJob
 * @property {"grade"} op
 * @property {string} code
 * @property {string} path
 * @property {number} line
 * @property {string} check
 * @property {number} check_line
 * @property {string} refuse
 */

/**
 * @typedef {object} CallJob
 * @property {"call"} op
 * @property {string} module
 * @property {string} name
 * @property {Array<any>} args
 */

/**
 * @typedef {object} InlineJob
 * @property {"inline"} op
 * @property {string} expr
 * @property {number} line
 */

/**
 * @typedef {object} StreamMessage
 * @property {number} id
 * @property {"stream"} type
 * @property {"stdout"|"stderr"} name
 * @property {string} text
 */

/**
 * @typedef {object} DoneMessage
 * @property {number} id
 * @property {"done"} type
 * @property {RunResult|Grade|CallResult} result
 * @property {number} ms
 */

/**
 * @typedef {object} ProgressMessage
 * @property {"progress"} type
 * @property {number} loaded
 * @property {number} total
 */

/**
 * @typedef {object} ReadyMessage
 * @property {"ready"} type
 * @property {number} ms
 */

/**
 * @typedef {object} FailedMessage
 * @property {"failed"} type
 * @property {string} error
 */

export {};
