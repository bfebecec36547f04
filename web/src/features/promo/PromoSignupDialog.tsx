import { promoMessages, signupSchema } from '@linkhive/shared/domain';
import { AuthForm, useAuthForm } from '@linkhive/shared/ui';
import { Dialog, DialogContent, DialogContentText, DialogTitle, Link, TextField } from '@mui/material';
import { useRef } from 'react';
import type { z } from 'zod';
import { useIsMobile } from '../../layout/media';
import { signUpWithPromo, signupWithLinkSchema } from './promoSignup';
import type { PromoSignupProgress, PromoSignupValues, PromoTarget } from './promoSignup';

/** The link a share brought: shown, and editable, in the dialog's second half. */
export interface SharedLink {
  link: string;
  title: string;
  category: string;
}

export interface PromoSignupDialogProps {
  open: boolean;
  onClose: () => void;
  /** The promotor to follow; null for a share link without one (the link is then only saved). */
  promo: PromoTarget | null;
  /** The link to save; without it the dialog only follows (the promo page's Follow). */
  link?: SharedLink | null;
  /** Where the login link brings the visitor back to. */
  returnTo: string;
  /** Runs when every step is done: the host says so and moves on. */
  onDone: (progress: PromoSignupProgress) => void;
}

const dialogTitleId = 'promo-signup-title';

/**
 * 'Create an account to follow': the sign-up dialog variant of a promo page's Follow and of a share
 * link opened while signed out. The account fields use the sign-up form's rules and messages; the link
 * fields, when there is a link, the bookmark's.
 */
export function PromoSignupDialog({ open, onClose, promo, link, returnTo, onDone }: PromoSignupDialogProps) {
  const fullScreen = useIsMobile();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={dialogTitleId}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
    >
      <DialogTitle id={dialogTitleId}>{promoMessages.createAccountToFollow}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {promo ? `Sign up to follow ${promo.title} and see its posts` : 'Sign up to save this link'}
          {promo && link ? ', and to save its link into your bookmarks.' : '.'}
        </DialogContentText>
        <SignupFields promo={promo} link={link ?? null} returnTo={returnTo} onDone={onDone} />
      </DialogContent>
    </Dialog>
  );
}

function SignupFields(
  props: Pick<PromoSignupDialogProps, 'promo' | 'returnTo' | 'onDone'> & { link: SharedLink | null },
) {
  const { promo, link, returnTo, onDone } = props;
  const progress = useRef<PromoSignupProgress>({});
  const schema: z.ZodType<PromoSignupValues> = link ? signupWithLinkSchema : signupSchema;
  const form = useAuthForm<string, PromoSignupValues>({
    schema,
    initial: { firstName: '', email: '', password: '', ...(link ?? {}) },
    onSubmit: async (values) => onDone(await signUpWithPromo(values, promo, progress.current)),
  });
  return (
    <AuthForm
      label={promoMessages.createAccountToFollow}
      submitLabel="Sign Up"
      submitting={form.submitting}
      onSubmit={form.submit}
      formError={form.formError}
      status={form.status}
      footer={
        <Link href={`/login?redirect=${encodeURIComponent(returnTo)}`} variant="body2">
          Already have an account? Login
        </Link>
      }
    >
      <TextField {...form.field('firstName')} label="First name" autoComplete="given-name" fullWidth autoFocus />
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" fullWidth />
      <TextField {...form.field('password')} label="Password" type="password" autoComplete="new-password" fullWidth />
      {link && (
        <>
          <TextField {...form.field('title')} label="Title" autoComplete="off" fullWidth />
          <TextField {...form.field('link')} label="Web address" type="url" autoComplete="url" fullWidth />
          <TextField {...form.field('category')} label="Category" autoComplete="off" fullWidth />
        </>
      )}
    </AuthForm>
  );
}
