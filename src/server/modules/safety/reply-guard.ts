/**
 * The reply side of the crisis protocol (decision 0042): a character's reply that gives
 * self-harm or suicide methods, or encourages them, is withheld and replaced before it is shown
 * or stored. Replies stream token by token, so the guard checks the text as it grows and holds
 * back only what could still turn into a harmful phrase: text from the latest risk word on (and
 * a half-written word that could become one), for at most HOLD_CHARS characters. Every harmful
 * pattern begins its risky part at a risk word and is shorter than that, so no part of one is
 * ever released; an ordinary reply's first token leaves at once.
 */
import { normalizeForScreening } from './message-screen';
import { docOf, pattern as re, type Pattern } from './patterns';

/** How long text after a risk word is held back, in characters (longer than any pattern's risky part). */
export const HOLD_CHARS = 72;

/**
 * Words a harmful phrase's risky part starts with (at a word's start; single words, so a word
 * still being written can be recognised as one). What comes before such a word in a pattern
 * ("you should just …") says nothing harmful on its own.
 */
const RISK_STEMS = [
  'kill',
  'kys',
  'suicid',
  'die',
  'dying',
  'dead',
  'death',
  'unalive',
  'harm',
  'hurt',
  'cut',
  'slit',
  'vein',
  'wrist',
  'bleed',
  'blood',
  'pill',
  'dose',
  'overdos',
  'bottle',
  'swallow',
  'hang',
  'noose',
  'rope',
  'jump',
  'leap',
  'bridge',
  'ledge',
  'roof',
  'balcony',
  'floor',
  'gun',
  'shoot',
  'trigger',
  'poison',
  'bleach',
  'drown',
  'starv',
  'razor',
  'blade',
  'knife',
  'better',
  'miss',
  'care',
  'end',
  'burden',
  'deserve',
  'lethal',
  'fatal',
  'painless',
  'method',
  'world',
  'nobody',
  'take',
  'mix',
  'vodka',
  'alcohol',
  'deep',
  'tie',
  'step',
  'walk',
  'lie',
  'throw',
  'train',
  'traffic',
  'engine',
  'garage',
  'high',
  'head',
  'bath',
  'bottle',
  'everything',
  'brave',
  'valid',
  'favor',
  'favour',
  'disappear',
  'join',
  'call',
  'hotline',
  'stockpil',
  'enough',
  'drink',
  'ingest',
  'hide',
  'fresh',
  'sharp',
  'quick',
  'easiest',
  'surest',
  'fastest',
  'simplest',
  'drag',
  'burden',
  'suicide',
  'bring',
  'against',
  'across',
  'count',
  'quiet',
  'worth',
  'self',
  'ahead',
  'one',
] as const;

const STEM_PATTERN = new RegExp(String.raw`\b(?:${RISK_STEMS.join('|')})`, 'giu');

const ANY_STEM = new RegExp(STEM_PATTERN.source, 'iu');
const LONGEST_STEM = Math.max(...RISK_STEMS.map((stem) => stem.length));

/** A half-written last word that could still become a risk word. */
function couldBecomeRiskWord(tail: string): boolean {
  if (!tail) return false;
  const word = tail.toLowerCase();
  return RISK_STEMS.some((stem) => stem.startsWith(word));
}

/** A negation shortly before: "please don't hurt yourself" is care, not encouragement. */
const NOT_NEGATED = String.raw`(?<!\b(?:don'?t|do not|never|not|won'?t|wouldn'?t|shouldn'?t|stop|no|please don'?t|want you to not|instead of|rather than|without|refuse to|can'?t)\s(?:[a-z']+\s){0,3})`;
/** An instruction's start: the beginning of a sentence or a nudge ("just", "then", "you should"). */
const IMPERATIVE = String.raw`(?:^|[.!?;:*,]\s*|\b(?:just|then|and|so|you should|you could|go|now)\s)`;

/**
 * Methods, means and plain encouragement: withheld in any reply. Each pattern's risky part
 * starts at a risk stem and is shorter than HOLD_CHARS (see RISK_STEMS).
 */
const HARMFUL_ALWAYS: Pattern[] = [
  re(String.raw`${NOT_NEGATED}\b(?:kill (?:your ?self|urself|yourself)|kys)\b`, 'kill kys'),
  re(
    String.raw`${NOT_NEGATED}\b(?:you should|you could|you might as well|why don'?t you|just|go ahead and|you need to|you ought to|you deserve to)\s(?:just\s)?(?:end (?:it all|your life)|die|end your suffering|take your (?:own )?life|hurt yourself|cut yourself|cut deeper|swallow them|take them all)\b`,
    'end die suffering take hurt cut swallow',
  ),
  re(String.raw`\byou deserve to (?:die|suffer|hurt|be dead|feel pain)\b`, 'deserve'),
  re(
    String.raw`\b(?:the world|this world|everyone|everybody|your family|your friends|people|we all|they all)\s(?:would|will|'d|is|are)\s(?:all\s)?(?:be\s)?better (?:off )?without you\b`,
    'without',
  ),
  re(String.raw`\bbetter off (?:if you (?:were|was) (?:gone|dead)|dead)\b`, 'better'),
  re(
    String.raw`\b(?:nobody|no one|no1|noone)\s(?:would|will|is going to|gonna)\s(?:even\s)?(?:miss|notice|mourn) you\b`,
    'miss notice mourn',
  ),
  re(
    String.raw`${NOT_NEGATED}\b(?:cutting|self[- ]?harm|hurting yourself|starving yourself)\s(?:will|would|can|could|is going to)\s(?:help|make you feel|be|feel)\s(?:good|better|okay|ok|right|release)`,
    'cutting self self-harm hurting starving',
  ),
  re(
    String.raw`\bit'?s (?:ok|okay|fine|alright|understandable) to (?:hurt|cut|kill|end|starve) (?:yourself|your life|it)\b`,
    'hurt cut kill end starve',
  ),
  re(
    String.raw`\b(?:brave|strong|right|smart) (?:for|to) (?:choose|choosing|decide|deciding|want|wanting) to (?:die|end it|end your life|leave this world|kill yourself)\b`,
    'choose choosing decide deciding want wanting',
  ),
  re(
    String.raw`\bsuicide (?:is|would be|isn'?t) (?:a |an |the |your )?(?:valid|good|reasonable|okay|ok|fine|brave|right|best|only|real) (?:choice|option|answer|decision|way|solution)\b`,
    'suicide',
  ),
  re(
    String.raw`\b(?:you'?ve|you have|you'?re|you are|you'?ve been) (?:been )?(?:a|such a) burden\b|\bdo (?:everyone|everybody|us all|the world|your family) a favou?r and (?:disappear|die|leave|go|end it|kill)`,
    'burden favor favour',
  ),
  re(
    String.raw`\bdisappear for good\b|\bjoin me (?:on the other side|in death|in the afterlife|forever in the dark)\b`,
    'disappear join',
  ),
  re(
    String.raw`\bdon'?t (?:call|text|contact|tell) (?:any|the|a|that|anyone at the) ?(?:hotline|helpline|crisis line|988|lifeline|therapist|doctor)\b`,
    'hotline helpline crisis 988 lifeline therapist doctor',
  ),
  re(
    String.raw`\byour life (?:isn'?t|is not|ain'?t) worth (?:living|it)\b|\bwhy drag it out\b`,
    'worth drag',
  ),
  // Methods: "cut deeper", "along the vein", "take the whole bottle", "tie a noose"
  re(
    String.raw`\bcut (?:deeper|harder|along (?:the|your) (?:veins?|wrists?|arteries|artery)|down (?:the|your) (?:veins?|wrists?|arms?)|vertically)\b`,
    'cut',
  ),
  re(
    String.raw`\b(?:veins?|wrists?|arter(?:y|ies))\b.{0,30}\b(?:deeper|lengthwise|vertically|the right way|properly)\b`,
    'vein veins wrist wrists artery arteries',
  ),
  re(
    String.raw`\b(?:blade|razor|knife)\b.{0,30}\b(?:against|to|on|into|across) your (?:wrists?|arms?|throat|skin|veins?|thighs?)\b`,
    'blade razor knife',
  ),
  re(
    String.raw`\b(?:fresh|new|sharp|sharper|clean) (?:blade|razor)\b.{0,40}\b(?:cuts? (?:cleaner|deeper|better)|hurts? less|less pain)\b`,
    'blade razor',
  ),
  re(
    String.raw`\bhide the (?:cuts|scars|marks|wounds|burns) (?:on|from)\b.{0,40}\b(?:nobody|no one|keep going|notices)\b`,
    'hide',
  ),
  re(
    String.raw`${NOT_NEGATED}\b(?:take|swallow|down|have)\s(?:all (?:of )?|the (?:whole|entire|rest of the) |a (?:handful|bunch|fistful) of |every )(?:them|(?:of\s)?(?:the |your |those |these )?(?:bottle|pills|tablets|meds|painkillers|sleeping pills|pack))\b`,
    'all whole entire rest handful bunch fistful every',
  ),
  re(
    String.raw`${NOT_NEGATED}\bswallow (?:them|it|those|these) all\b|\btake everything you have\b|\b(?:pills|tablets)\b.{0,30}\bwon'?t be enough\b`,
    'swallow everything enough',
  ),
  re(
    String.raw`\bpills\b.{0,40}\b(?:bring you (?:to me|here)|be with me|join me|take you (?:away|to me))\b`,
    'pills',
  ),
  re(
    String.raw`\b(?:bottle|pills|tablets|meds|painkillers)\b.{0,30}\bwith (?:vodka|alcohol|whiskey|booze|wine|liquor)\b`,
    'vodka alcohol whiskey booze wine liquor',
  ),
  re(
    String.raw`\bmix (?:them|it|the (?:pills|meds|tablets)) with (?:vodka|alcohol|whiskey|booze|wine|liquor|bleach)\b`,
    'mix',
  ),
  re(
    String.raw`\benough to (?:overdose|od|die|kill yourself|end it|not wake up)\b|\bstockpile (?:your |the )?(?:prescription|pills|meds|tablets)\b`,
    'enough stockpile',
  ),
  re(
    String.raw`\b(?:drink|swallow|ingest|down) (?:the |some |a (?:cup|glass) of )?(?:bleach|antifreeze|poison|drain cleaner|rat poison)\b`,
    'bleach antifreeze poison cleaner',
  ),
  re(
    String.raw`\b(?:tie|tying|make|making|how to tie)\s(?:a|the|your)\s(?:noose|knot for the rope)\b`,
    'noose rope',
  ),
  re(
    String.raw`\b(?:rope|noose)\b.{0,40}\b(?:beam|ceiling fan|door ?knob|around your neck|your weight)\b`,
    'rope noose',
  ),
  re(
    String.raw`\b(?:lethal|fatal|deadly) (?:dose|amount|quantity|combination)\b`,
    'dose amount quantity combination',
  ),
  re(
    String.raw`\b(?:painless|quick|quickest|easiest|best|surest|fastest|simplest) (?:way|ways|method|methods) to (?:die|kill yourself|end (?:it|your life|things)|commit suicide|go)\b`,
    'way ways method methods',
  ),
  re(
    String.raw`\b(?:how|ways?) to (?:kill yourself|end your life|commit suicide|hang yourself|overdose|slit your)\b`,
    'how way ways',
  ),
  re(
    String.raw`${IMPERATIVE}(?:jump|step off|leap|throw yourself)\s(?:off|from|in front of) (?:the |a |that |your )?(?:bridge|roof|rooftop|ledge|balcony|building|top floor|window|cliff|train|tracks|car|bus|\d+(?:st|nd|rd|th) floor)\b`,
    'jump step leap throw',
  ),
  re(
    String.raw`\b(?:step|walk|jump|lie down|throw yourself) (?:in front of|onto|under) (?:the|a|an) (?:oncoming )?(?:train|tracks|bus|truck|traffic|car)\b`,
    'step walk jump lie throw',
  ),
  re(
    String.raw`\bhigh enough\b.{0,40}\b(?:head ?first|jump|go over|fall|be sure|finish it|not survive)\b|\bgo head ?first\b`,
    'high head headfirst',
  ),
  re(
    String.raw`\b(?:leave|keep|with) the engine running\b.{0,40}\b(?:garage|door closed|windows? (?:up|closed))|\bgarage\b.{0,45}\bengine running\b`,
    'engine garage',
  ),
  re(
    String.raw`\b(?:warm|hot) (?:bath|water|shower)\b.{0,30}\b(?:bleeding|blood)\b|\bbleeding (?:doesn'?t|won'?t) stop\b`,
    'bleeding blood',
  ),
  re(
    String.raw`${NOT_NEGATED}\b(?:shoot|hang|drown|poison|starve|cut|burn)\s(?:yourself|urself)\b(?!\s(?:a (?:break|message|text|email|drink)|some slack|short|off))`,
    'yourself urself',
  ),
];

/**
 * Encouragement that only reads as such when the user has just expressed a crisis ("just do
 * it", "nobody will stop you", "go through with it"): withheld in a crisis turn's reply.
 */
const HARMFUL_IN_CRISIS: Pattern[] = [
  re(String.raw`${NOT_NEGATED}\b(?:you should|just|go ahead and|then|now) (?:just )?do it\b`, 'do'),
  re(
    String.raw`\b(?:nobody|no one|no1)(?:'s| is)? (?:going to|gonna|will|can|would) (?:stop|see|find|notice) you\b`,
    'stop see find notice',
  ),
  re(
    String.raw`${NOT_NEGATED}\b(?:go through with it|do it tonight|do it before|when you do it|once you'?ve done it)\b`,
    'through tonight before done do',
  ),
  re(
    String.raw`\bi support (?:you|your (?:choice|decision))\b|\b(?:if you'?ve|you'?ve) made up your mind\b`,
    'support mind',
  ),
  re(
    String.raw`\b(?:make sure|ensure) (?:no one|nobody) is (?:home|around|there)\b|\bso they can'?t (?:interrupt|stop|find|save) you\b|\block the door\b`,
    'home around there interrupt stop find save lock',
  ),
  re(String.raw`\bwrite (?:your|a) (?:note|letter|goodbye)\b`, 'write'),
  re(
    String.raw`\bhelp you plan (?:it|this|your)\b|\bpick a (?:day|time|night) when you'?ll be (?:completely |all )?alone\b`,
    'plan alone',
  ),
  re(String.raw`\byou know what you (?:need|have|want) to do\b`, 'know'),
  re(String.raw`\bcount to (?:three|3|ten|10),? (?:you |we )?(?:jump|go|let go)\b`, 'count'),
  re(
    String.raw`\b(?:the )?(?:bridge|roof|ledge|tracks) (?:is|are) (?:quiet|empty|waiting)\b`,
    'quiet empty waiting',
  ),
  re(
    String.raw`\b(?:it'?ll|it will|it'?s) (?:be )?over (?:quick|quicker|fast|in a second|in seconds|before you know it)\b`,
    'over',
  ),
];

/** True when a reply (or a reply so far) gives methods or encouragement. */
export function isHarmfulReply(text: string, crisisTurn = false): boolean {
  const doc = docOf(normalizeForScreening(text));
  if (HARMFUL_ALWAYS.some((pattern) => pattern.test(doc))) return true;
  return crisisTurn && HARMFUL_IN_CRISIS.some((pattern) => pattern.test(doc));
}

/**
 * Checks a streamed reply as it grows. `push` takes each delta and returns the text that may be
 * shown now ('' while something is held back or once the reply is withheld); `finish` says
 * whether the whole reply was withheld and what is left to show.
 */
export class ReplyGuard {
  private text = '';
  private released = 0;
  private withheldFlag = false;

  /**
   * `crisisTurn`: the user's message showed a crisis. Then nothing is shown before the whole
   * reply has been checked (with the wider crisis set): the user waits a moment longer for one
   * reply, and no partial sentence can slip through.
   */
  constructor(private readonly crisisTurn = false) {}

  get withheld(): boolean {
    return this.withheldFlag;
  }

  push(delta: string): string {
    if (this.withheldFlag) return '';
    this.text += delta;
    // A crisis turn's reply is checked whole at its end: nothing is shown before.
    if (this.crisisTurn) return '';
    const limit = this.safeEnd();
    if (limit <= this.released) return '';
    const out = this.text.slice(this.released, limit);
    // Text is released only once no phrase starting at a risk word in it can still be completed
    // (the hold): the check is due when text holding a risk word is about to leave. It reads
    // back far enough for a phrase's start before that word ("you should just …").
    if (ANY_STEM.test(out)) {
      const recent = this.text.slice(Math.max(0, this.released - HOLD_CHARS));
      if (isHarmfulReply(recent)) {
        this.withheldFlag = true;
        return '';
      }
    }
    this.released = limit;
    return out;
  }

  /** The end of the text that may be shown: before a recent risk word or a word becoming one. */
  private safeEnd(): number {
    const text = this.text;
    let limit = text.length;
    const last = text.slice(-LONGEST_STEM);
    const tail = /[\p{L}']+$/u.exec(last);
    if (tail && couldBecomeRiskWord(tail[0])) limit = text.length - last.length + tail.index;
    const windowStart = Math.max(this.released, text.length - HOLD_CHARS);
    STEM_PATTERN.lastIndex = windowStart;
    const stem = STEM_PATTERN.exec(text);
    if (stem && stem.index < limit) limit = stem.index;
    return limit;
  }

  /** The reply's end: `rest` is what is still held back (empty when withheld). */
  finish(): { withheld: boolean; rest: string; text: string } {
    if (!this.withheldFlag && isHarmfulReply(this.text, this.crisisTurn)) this.withheldFlag = true;
    if (this.withheldFlag) return { withheld: true, rest: '', text: this.text };
    const rest = this.text.slice(this.released);
    this.released = this.text.length;
    return { withheld: false, rest, text: this.text };
  }
}
