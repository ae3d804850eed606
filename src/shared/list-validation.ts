import type { ListOperation, ListParams } from './lists';
import type { PageRequest } from './requests';
import type { Result } from './result';
import {
  validateAxbBindings,
  validateNumberRecords,
  validateNumbers,
  validateSeats,
  validateTaskDetails,
  validateTeamLeaders,
  validateVoiceRecords,
} from './validation';

type ListValidator<O extends ListOperation> = (request: PageRequest<ListParams[O]>) => Result<unknown>;

const VALIDATORS: { [O in ListOperation]: ListValidator<O> } = {
  voiceRecords: (request) => validateVoiceRecords(request),
  taskDetails: validateTaskDetails,
  numberRecords: validateNumberRecords,
  seats: validateSeats,
  teamLeaders: validateTeamLeaders,
  numbers: validateNumbers,
  axbBindings: validateAxbBindings,
};

/**
 * The spec's rules for one page of a list, with field-level messages keyed like
 * `params.strTime`. The screens run it before sending; main runs it again.
 */
export function validateListQuery<O extends ListOperation>(operation: O, request: PageRequest<ListParams[O]>): Result<unknown> {
  const validate = VALIDATORS[operation] as ListValidator<O>;
  return validate(request);
}
