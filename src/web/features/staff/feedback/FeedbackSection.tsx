import { useState } from 'react';
import { messageOf } from '../console/access';
import { Tabs } from '../reports/Tabs';
import { FeedbackCounts } from './FeedbackCounts';
import { FeedbackItems } from './FeedbackItems';
import { useFeedback, type RatingFilter } from './feedback-api';

const FILTERS = [
  { id: 'up', label: 'Up' },
  { id: 'down', label: 'Down' },
  { id: 'all', label: 'All' },
] as const;

/** The thumbs up and down users gave with the message pair they chose to share, and counts. */
export function FeedbackSection() {
  const [rating, setRating] = useState<RatingFilter>('all');
  const feedback = useFeedback(rating);
  return (
    <div className="space-y-4">
      <Tabs
        label="Rating"
        options={FILTERS}
        value={rating}
        onChange={setRating}
        panelId="staff-feedback"
      />
      <div
        role="tabpanel"
        id="staff-feedback"
        aria-labelledby={`staff-feedback-${rating}`}
        className="space-y-8"
      >
        {feedback.isPending ? (
          <p className="text-muted">Loading the feedback...</p>
        ) : feedback.isError ? (
          <p role="alert" className="text-error">
            {messageOf(feedback.error)}
          </p>
        ) : (
          <>
            <FeedbackCounts byModel={feedback.data.byModel} byDay={feedback.data.byDay} />
            <FeedbackItems items={feedback.data.items} />
          </>
        )}
      </div>
    </div>
  );
}
