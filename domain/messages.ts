/**
 * Every message a person sees for a rule of the spec, in the spec's exact words (part 1 §5 and §8,
 * part 2 §5 and §8). One source: the console shows them and the API returns them.
 */
export const MESSAGES = {
  // Generic
  defaultError: 'Oops, Something went wrong! Please try again later',
  systemError: 'A system error occured. For more details click ',
  // Login
  credentialsRequired: 'Username/Password is required',
  invalidEmail: 'Invalid Email',
  wrongCredentials: 'Wrong mail or password',
  invalidOtp: 'Invalid OTP entered',
  invalidToken: 'Token Entered is Invalid.',
  mfaSetupError: 'Error in setting MFA. Try Again!',
  verificationError: 'Error in verification. Try Again!',
  invalidCode: 'Invalid code',
  invalidPhone: 'Invalid Phone Number.',
  notConfirmed: 'Your account has not been confirmed. We will get back with you soon',
  newPasswordSet: 'Password updated successfully. Please set your MFA and continue ahead.',
  mfaSetupNext: 'Your MFA for this account has been setup successfully. Please click the Next button to continue.',
  mfaSetupDone: 'Your MFA is setup successfully. Please login again.',
  passwordChanged: 'Your password has been changed successfully.',
  forgotPasswordEmail: 'Please enter a valid email',
  // Passwords
  passwordRule: 'Password must contain eight characters, at least one uppercase letter, one lowercase letter and one number',
  passwordMismatch: 'Password does not match with confirm password',
  // Sign-up
  missingRequired: 'Missing required fields ...',
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  emailRequired: 'Email address is required',
  npiRequired: 'NPI number is required',
  organizationRequired: 'Organization is required',
  phoneRequired: 'Phone Number is required',
  clientTerminologyRequired: 'Client Terminology is required',
  licenseRequired: 'License Number is required',
  licenseStateRequired: 'License State is required',
  professionRequired: 'Profession is required',
  therapyRequired: 'Please select at least one therapy',
  practiceRequired: 'Select a practice',
  agreementsRequired: 'You need to check all boxes before proceeding ahead.',
  npiMismatch: 'The information that you provided does not match the NPI Registry. Please correct this and try again',
  npiTaken: 'A therapist with the provided NPI is already registered. Please use a different NPI to register as a new therapist.',
  npiLookupFailed: 'An error occurred while verifying the provider. Please try again.',
  // What else can be wrong with an NPI (issue 19): the mismatch message is for a name mismatch only.
  npiInvalid: 'This is not a valid NPI number: an NPI has 10 digits, the last one a check digit.',
  npiDeactivated: 'This NPI is deactivated in the NPI Registry. Please use an active NPI.',
  npiNotFound: 'This NPI is not in the NPI Registry. Please check the number.',
  npiNotIndividual: 'This NPI belongs to an organization. Please enter your individual NPI.',
  licenseStateUnknown: 'Choose the license state from the list',
  emailExists:
    'You have already signed up for clinician portal or one of our mobile apps (DBT Coach, CBT Companion etc.) with this email. Please use a different email.',
  userAlreadyExists: 'An account with this email already exists since you signed up for one of our DBT Apps. Do you want to use the same account?',
  confirmationFailed: 'Something went wrong, Please try again.',
  signupThanksVerified: 'Thank you for signing up to our Clinician Portal. We will get in touch with you soon about next steps.',
  // Uploads
  jpgOnly: 'You can only upload JPG file!',
  imageTooLarge: 'Image must smaller than 2MB!',
  // Video
  videoUnavailable: 'Unable to connect to video call. Please reach out to your therapist about the issue',
  linkCopied: 'Successfully Copied!',
  // Appointments and progress notes (issue #7 contract: the first four are the contract's words)
  appointmentEndBeforeStart: 'End must be after start.',
  unknownClient: 'Unknown client.',
  clinicianDoubleBooked: 'This clinician already has an appointment at that time.',
  signedNoteLocked: 'A signed note cannot be changed; add an addendum.',
  appointmentTooLong: 'An appointment can last at most 8 hours.',
  recurrenceEnd: 'A recurring appointment ends on a date or after a number of occurrences (one of the two).',
  tooManyOccurrences: 'A recurring appointment has at most 52 occurrences.',
  untilBeforeStart: 'The last date of the series is before its first appointment.',
  recurrenceFixed: 'The repetition of an appointment cannot be changed; cancel the series and create a new one.',
  unknownClinician: 'Unknown clinician.',
  unknownService: 'Unknown service.',
  unknownLocation: 'Unknown location.',
  appointmentNotScheduled: 'Only a scheduled appointment can be changed.',
  appointmentNotStarted: 'An appointment can be marked attended or no-show once it has started.',
  appointmentChanged: 'The appointment was changed by someone else. Reload it and try again.',
  noteChanged: 'The note was changed by someone else. Reload it and try again.',
  noteExists: 'This appointment already has a progress note.',
  noteNotStarted: 'A progress note can be signed once its session has started.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
