import { messages } from '../messages';

/** A registration with every required field left empty (the library name only spaces). */
export const emptyRegistration = {
  library_name: '   ',
  mobile: '',
  email: '',
  first_name: '',
  owner_mobile: '',
  owner_email: '',
  password: '',
};

/** What each field of `emptyRegistration` says, in the spec's words (the schema test and the API test check it). */
export const emptyRegistrationMessages = {
  library_name: messages.registration.libraryNameRequired,
  mobile: messages.registration.mobileRequired,
  email: messages.registration.emailRequired,
  first_name: messages.registration.ownerNameRequired,
  owner_mobile: messages.registration.ownerMobileRequired,
  owner_email: messages.registration.ownerEmailRequired,
  password: messages.registration.passwordRequired,
};
