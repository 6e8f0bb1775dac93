// The error a tool or the confirmation step throws when its message is already written for the model.

/** An error whose message is already written for the model (bad token, placeholder secret...). */
export class ToolMessageError extends Error {
  override name = 'ToolMessageError';
}
