/**
 * The fast local rule of the crisis protocol (decision 0042): reads one user message and says
 * whether it expresses the user's own suicidal ideation or self-harm, and whether the user says
 * they are under 18 now. Each answer is 'none', 'borderline' (the model's second opinion decides)
 * or definite. It tells the user's own distress from figures of speech ("this exam is killing
 * me"), from fiction (a character hurt in a Story Mode action) and from statements about other
 * people or the past. Pure and synchronous: it runs on every message before the reply, and a
 * message with no risk word at all is answered by one scan.
 */

import { docOf, pattern as re, plain, type Doc, type Pattern } from './patterns';

export type CrisisVerdict = 'none' | 'borderline' | 'crisis';
export type MinorVerdict = 'none' | 'borderline' | 'minor';
export type ScreenMode = 'chat' | 'story';

export interface MessageScreen {
  crisis: CrisisVerdict;
  minor: MinorVerdict;
}

export const NOTHING_FOUND: MessageScreen = Object.freeze({ crisis: 'none', minor: 'none' });

/** Lower case, one kind of apostrophe and quote, single spaces. */
export function normalizeForScreening(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
      .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
      // Only runs of spaces and other white space: a single space (most of them) is left alone.
      .replace(/ {2,}|[^\S ]\s*/g, ' ')
  );
}

// ---- building blocks ------------------------------------------------------------------------

/** "I'm" as people type it. */
const IM = String.raw`(?:i'?m|i am|ima|i be)`;
/** Up to `n` words in between (adverbs and fillers: "I really just want to…"). */
const words = (n: number) => String.raw`(?:[a-z']+ ){0,${n}}?`;
/** Someone other than the user as the subject just before a verb. */
const OTHER = String.raw`(?:you|u|ya|he|she|they|we|it|who|someone|somebody|people|character|char|[a-z]+'s)`;
/** A third person's verb form just before: "the heroine is thinking about…", "he's been cutting". */
const THIRD = String.raw`(?<!\b(?:is|are|was|were|'s|'re|has|have been|has been) (?:been )?)`;
/** A negation just before: "I don't want to die" says the opposite. */
const NEGATION = String.raw`(?:don'?t|dont|do not|never|not|doesn'?t|didn'?t|won'?t|wouldn'?t|no longer want)`;
/** Wanting or intending to. */
const INTEND = String.raw`(?:want(?:s|ed)? (?:to|too|2)|wanna|going to|gonna|finna|plan(?:ning)? (?:on|to)|intend(?:ing)? to|need to|ready to|about to|decided to|deserve to|should just|will|'ll|am going to|'m going to|try(?:ing)? to|tempted to|urge to)`;
/** Wanting, without the future forms that are mostly hyperbole with "die" ("I'm gonna die lol"). */
const WISH = String.raw`(?:want(?:s|ed)? (?:to|too|2)|wanna|ready to|plan(?:ning)? (?:on|to)|intend(?:ing)? to|decided to|deserve to|should just|need to|just want to|wish i could|try(?:ing)? to|tempted to|urge to)`;
/** An act against oneself (after an intent). */
const SELF_ACT = String.raw`(?:kill(?:ing)? my ?self|kms|end(?:ing)? (?:my (?:own )?life|it all|it for good|everything|my suffering|my existence)|end it(?! with)|take my (?:own )?life|commit(?:ting)? suicide|suicide|unalive my ?self|off my ?self|hang my ?self|shoot my ?self|drown my ?self|poison my ?self|starve my ?self|overdose|od\b|slit my (?:wrists?|throat)|jump (?:off|from|in front of) (?:a|the|my|this) [a-z]+|throw my ?self (?:off|in front of|under)|not wake up|never wake up|stop (?:living|existing|breathing)|disappear forever|be dead)`;
/** Self-harm acts. */
const HARM_ACT = String.raw`(?:hurt(?:ing)? my ?self|harm(?:ing)? my ?self|cut(?:ting)? (?:my ?self|my (?:wrists?|arms?|thighs?|legs?|skin))|burn(?:ing)? my ?self|self[- ]?harm)`;

/** Definite: the user's own wish, intent, plan or act, now. */
const CRISIS_DEFINITE: Pattern[] = [
  // "I want to kill myself", "i'm gonna end it all tonight", "ready to take my own life"
  re(
    String.raw`(?<!\b${OTHER} ${words(2)})(?<!\b${NEGATION} ${words(1)})\b${INTEND} ${words(3)}${SELF_ACT}`,
    'kill* kms end* take taking suicid* unalive* off hang shoot drown poison starve overdose od slit jump throw wake stop disappear dead',
  ),
  // "I want to die", "just wanna die", "ready to die" (not "dying to", "die of embarrassment")
  re(
    String.raw`(?<!\b${OTHER} ${words(2)})(?<!\b${NEGATION} ${words(1)})\b${WISH} ${words(2)}die\b(?! (?:laughing|of|from|for|happy|inside|a little|in (?:your|his|her|their) arms|with you|next to you|together|old|someday|one day|trying|in peace at|peacefully in my sleep at|on (?:this|that) hill))`,
    'die',
  ),
  // "I don't want to live anymore", "dont wanna be alive", "no longer want to exist"
  re(
    String.raw`\b(?:don'?t|dont|do not|no longer|never) ${words(2)}(?:want|wanna|wish) (?:to )?${words(1)}(?:live|be alive|exist|wake up|keep living|go on living|continue living|be on this earth|be in this world|be here anymore|be around anymore|breathe)\b`,
    'live alive exist wake living earth world here around breathe',
  ),
  // "I feel suicidal", "having suicidal thoughts", "thoughts of killing myself"
  re(
    String.raw`(?<!\b${OTHER} ${words(2)})\b(?:${IM}|i feel|i'?ve been|ive been|been|feeling|i get|getting|having|have|i keep having|im having) ${words(2)}(?:suicidal|thoughts (?:of|about) (?:suicide|killing my ?self|ending (?:it|my life)|dying|death))`,
    'suicidal thoughts',
  ),
  // "been thinking about suicide", "looking up ways to kill myself", "googled how many pills…"
  re(
    String.raw`(?<!\b${OTHER} ${words(2)})${THIRD}\b(?:thinking|thought|think|considering|contemplating|planning|researching|googling|googled|looking up|looked up|searching|searched|reading about) (?:about |of |up |on |for )?${words(2)}(?:suicide|killing my ?self|ending (?:it all|my life)|taking my (?:own )?life|ways to (?:die|kill my ?self|end it)|how to (?:die|kill my ?self|end it|do it painlessly)|how many (?:pills|tablets|meds)|painless ways|dying(?! (?:my|her|his|the|your) (?:hair|clothes|shirt|beard|eggs)))\b`,
    'suicid* killing ending taking ways how painless dying',
  ),
  re(
    String.raw`\bhow many (?:pills|tablets|meds|painkillers) (?:it takes|does it take|would it take|to (?:die|overdose|od|end it))`,
    'how',
  ),
  // "I wish I was dead", "wish I'd never been born", "I keep wishing I was dead"
  re(
    String.raw`\bi ${words(2)}wish(?:ing)? ${words(1)}(?:i(?: was| were|'d| would| could| had) ${words(2)}(?:dead|die|never (?:been born|wake up|woken up)|not wake up|not exist|stop existing|sleep forever|go to sleep and (?:not|never) wake up)|i (?:was|were) never born|i (?:wasn'?t|weren'?t) (?:alive|born|here))`,
    'wish wishing',
  ),
  re(
    String.raw`\bwish(?:ing)? (?:a|the|some) [a-z]+ would (?:just )?(?:hit|kill|run over|end) me\b`,
    'wish wishing',
  ),
  // "no reason to live", "what's the point of living", "life isn't worth living"
  re(
    String.raw`\b(?:no|any|see no|have no|got no|lost (?:my|the|all)) (?:reason|point|will|desire|wish)\b.{0,16}?\b(?:to|in|for) (?:keep |go on )?(?:live|living|go on|going on|keep going|be alive|being alive|exist|existing|stay alive|staying alive)\b`,
    'reason point will desire wish',
  ),
  re(
    String.raw`\bwhat'?s the point (?:of|in) (?:living|being alive|life|existing|going on|staying alive)\b`,
    'point',
  ),
  re(
    String.raw`\b(?:my )?life (?:isn'?t|is not|ain'?t|is no longer) worth (?:living|it anymore)\b`,
    'worth',
  ),
  re(
    String.raw`\b(?:i'?d|i would) rather (?:be dead|die|not (?:exist|be alive|live)) than (?:keep |go on |continue |to )?(?:living|live|be alive|being alive|feel(?:ing)?|go(?:ing)? on|wake up|waking up|suffer|face|deal)\b`,
    'rather',
  ),
  re(
    String.raw`\b(?:suicide|death|dying|killing my ?self|ending it) (?:is|seems|feels like) (?:the|my) (?:only|best|last|one) (?:way|option|answer|choice|solution|escape|way out)\b`,
    'way option answer choice solution escape',
  ),
  // "I've been cutting again", "im cutting rn", "I hurt myself on purpose", "I relapsed and cut"
  re(
    String.raw`(?<!\b${OTHER} ${words(2)})${THIRD}\b(?:i'?ve|i have|ive|been|i (?:still|keep|started|start|just)|${IM}|i) ${words(2)}(?:cutting|burning|harming|starving|scratching|hitting|punching) (?:my ?self|my (?:wrists?|arms?|thighs?|legs?|skin|body)|again|rn|right now|tonight)\b`,
    'cutting burning harming starving scratching hitting punching',
  ),
  re(
    String.raw`(?<!\b${OTHER} ${words(2)})${THIRD}\b(?:i'?ve been|ive been|been|${IM}) (?:cutting|self[- ]?harming)(?:$|[.!?]| (?:again|rn|right now|still|every|a lot|daily))`,
    'cutting self self-harming',
  ),
  re(
    String.raw`(?<!\b${OTHER} ${words(2)})\b(?:i|i'?ve|ive|i have) ${words(2)}(?:cut|hurt|harmed|burned|burnt|hit) (?:my ?self|my (?:wrists?|arms?|thighs?|legs?)) ${words(2)}(?:again|on purpose|deliberately|intentionally|to feel|to cope|so i|till|until|because i deserve|as punishment|deep)`,
    'cut hurt harmed burned burnt hit',
  ),
  re(
    String.raw`(?<!\b${OTHER} ${words(2)})(?<!\bused to )(?<!\bused to have )\b(?:i|i'?ve|ive|i have|${IM}) (?:been |started |keep |still )?(?:self[- ]?harm(?:ing|ed)?|relapsed|relapsing)\b(?!.{0,40}\b(?:(?:clean|sober|free) (?:for|since)|years ago|as a (?:teen|kid)|in (?:high )?school))`,
    'self self-harm self-harming self-harmed selfharm relapsed relapsing',
  ),
  re(
    String.raw`\b(?:want|wanna|need|urge|going) (?:to )?${words(1)}${HARM_ACT}`,
    'hurt hurting harm harming cut cutting burn burning self self-harm selfharm',
  ),
  re(
    String.raw`\b(?:want|wanna|need|urge) (?:to )?cut(?:$|[.!?,]| again| tonight| rn| so bad| deeper)`,
    'cut',
  ),
  re(
    String.raw`\b(?:using|used|use|turn(?:ing)?) (?:it|them|a blade|the blade|a razor|the razor|the gun|a gun|the knife|a knife) on (?:my ?self|my (?:thighs?|arms?|wrists?|legs?|skin|body))\b`,
    'using used use turn turning',
  ),
  re(
    String.raw`\b(?:feel|feeling|felt) like (?:killing my ?self|ending it(?: all)?|ending my life|kms|not existing|cutting(?: my ?self)?|hurting my ?self)\b`,
    'feel feeling felt',
  ),
  re(
    String.raw`\b${IM} (?:finally )?(?:ending|taking) (?:my (?:own )?life|it all)\b|\b${IM} (?:going to |gonna )?end it (?:all )?tonight\b`,
    'ending taking end',
  ),
  re(
    String.raw`\btried to (?:kill my ?self|end my life|take my (?:own )?life|overdose|od|hang my ?self)\b.{0,60}\b(?:again|last (?:week|night|month)|yesterday|this (?:week|morning)|going to try|gonna try)`,
    'tried',
  ),
  re(
    String.raw`\b(?:going to|gonna|want to|wanna|will) (?:drive|crash|steer|swerve) (?:my|the) (?:car|truck|bike) (?:into|off)\b`,
    'drive crash steer swerve',
  ),
  // Plans and means: pills saved up, a noose, notes written, standing on the edge
  re(
    String.raw`\b(?:saved|saving|stockpil\w*|hoard\w*|collect(?:ed|ing)) ${words(2)}(?:enough |all )?(?:my |the |these |some )?(?:pills|meds|medication|sleeping pills|painkillers|tablets)`,
    'pills meds medication painkillers tablets',
  ),
  re(
    String.raw`\b(?:pills|meds|tablets|painkillers) (?:saved|stockpiled|lined up|counted out|hidden away)\b`,
    'pills meds tablets painkillers',
  ),
  re(
    String.raw`\b(?:i'?ve got|i have|got|have) (?:the |my |all the )?(?:pills|meds|rope|noose|gun|blade|razor)\b.{0,25}\bready\b`,
    'ready',
  ),
  re(String.raw`\benough (?:pills|meds|painkillers|tablets|sleeping pills) to\b`, 'enough'),
  re(
    String.raw`\b(?:take|taking|swallow|swallowing|down|downing|took|swallowed) (?:all (?:of )?|the whole |a (?:bunch|handful) of |every (?:single )?(?:one of )?)(?:my |the |these |those |them )?(?:pills?|meds|bottle|tablets?|painkillers|sleeping pills)`,
    'pill pills meds bottle tablet tablets painkillers',
  ),
  re(
    String.raw`\b(?:tied|tying|tie|made|making|bought|buying|have|got) (?:a |the |my )?noose\b`,
    'noose',
  ),
  re(
    String.raw`\b(?:bought|got|have|loaded|loading|holding) (?:a |the |my |my dad'?s )?(?:gun|rope|razor|blade|pistol) (?:to|for|and) (?:end|kill|do it|finish|use (?:it )?on my ?self)`,
    'gun rope razor blade pistol',
  ),
  re(
    String.raw`\b(?:bought|got) (?:a |some |the )?(?:rope|noose|gun|razor blades?)\b.{0,80}\b(?:going to do|gonna do|do it|end it|use it on my ?self|tonight)`,
    'rope noose gun razor',
  ),
  re(
    String.raw`\b(?:wrote|writing|written|write|left|leaving|finished) (?:my |a |the |some )?(?:suicide|goodbye|farewell) (?:note|letter|message|video)s?\b`,
    'suicide goodbye farewell',
  ),
  re(
    String.raw`\b(?:${IM}|standing|sitting) ${words(1)}on (?:the|a|my|this) (?:edge|ledge|bridge|roof|rooftop|railing|balcony)\b.{0,40}\b(?:jump|let go|end it|fall)`,
    'edge ledge bridge roof rooftop railing balcony',
  ),
  // "everyone would be better off without me", "I'd be better off dead"
  re(
    String.raw`\bbetter off (?:if i (?:was|were|'m|am|had) (?:gone|dead|not here|not around|never been born|died)|if i (?:wasn'?t|weren'?t|was not|were not) (?:around|here|alive)|when i'?m (?:gone|dead)|with me (?:gone|dead)|dead)\b`,
    'better',
  ),
  re(
    String.raw`\b(?:everyone|everybody|the world|this world|my family|my kids|people|they all|you all|all of you|my friends)\b (?:would|will|'d|is|are) (?:all )?(?:be )?better (?:off )?without me\b`,
    'without',
  ),
  re(
    String.raw`\b(?:everyone|everybody|the world|my family|they|people|you all|my friends|my kids|all of you|nobody|no one|no1|noone)\b.{0,30}\b(?:happier|easier|relieved|better|care|miss me|notice)\b.{0,20}\bif i (?:died|was dead|were dead|killed my ?self|was gone|were gone|disappeared|wasn'?t here|weren'?t here|was never born)`,
    'if',
  ),
  re(
    String.raw`\bi (?:won'?t|will not|wont) be (?:alive|here|around) (?:tomorrow|by (?:tomorrow|tonight|morning|monday|the weekend))`,
    'alive here around',
  ),
];

/** Borderline: may be distress, may be hyperbole or fiction; the model's second opinion decides. */
const CRISIS_BORDERLINE: Pattern[] = [
  re(
    String.raw`\bkms\b|\bkmsl\b|\boverdos\w*\b(?! on (?!(?:pills|meds|my|sleeping|pain|tablets|drugs|insulin|heroin|opioids)))`,
    'kms kmsl overdos*',
  ),
  re(
    String.raw`(?<!\b${OTHER} ${words(2)})(?<!\b${NEGATION} ${words(1)})\b(?:going to|gonna|will|'ll) ${words(1)}(?:die|kill my ?self)\b(?! (?:of|from|laughing|happy|for|if|when|lol|lmao|haha|on (?:this|that) hill))`,
    'die kill',
  ),
  re(String.raw`\bkill my ?self (?:if|when|lol|lmao|haha|😂|🤣)`, 'kill'),
  re(
    String.raw`\bwant ${words(1)}to die (?:in (?:your|his|her|their) arms|with you|next to you|together)`,
    'die',
  ),
  re(
    String.raw`\bwhat'?s (?:even )?the point\b(?! of (?:this (?:meeting|game|class|question|movie|show|scene|app)|that|asking|trying to))`,
    'point',
  ),
  re(
    String.raw`\b(?:don'?t|dont|do not|can'?t) see (?:the|any) point (?:in|of) (?:going on|living|life|anything|trying|any of it|it all)\b`,
    'point',
  ),
  re(
    String.raw`\b(?:i (?:just )?want|i need|make) (?:it|it all|everything|the pain|this|this pain|all of it|the thoughts|my thoughts) (?:all )?to (?:end|stop|be over|go away)\b`,
    'end stop over away',
  ),
  re(
    String.raw`\b(?:want|wanna) (?:to )?(?:just )?(?:disappear|vanish|sleep forever|not exist|not be here|be gone|give up on (?:everything|life|living))\b`,
    'disappear vanish sleep exist here gone give',
  ),
  re(
    String.raw`\bgive up on (?:everything|life|living|my ?self)\b|\bi (?:just )?want out\b`,
    'give want',
  ),
  re(
    String.raw`\b(?:i )?can'?t (?:do this|go on|take (?:it|this|any ?more)|keep going|keep doing this|cope|handle (?:it|this|life))(?: any ?more)?\b`,
    "can't cant",
  ),
  re(
    String.raw`\bhow (?:much )?longer i can (?:keep going|go on|do this|take (?:it|this)|hold on|last)\b`,
    'longer',
  ),
  re(
    String.raw`\b(?:tired|sick|exhausted) of (?:living|being alive|existing|life|everything|being me|fighting)\b`,
    'living being existing life everything fighting me',
  ),
  re(
    String.raw`\b(?:i|${IM}) ${words(2)}(?:so |really )?(?:tired|exhausted) of existing\b`,
    'existing',
  ),
  re(
    String.raw`\b(?:nobody|no one|no1|noone) (?:would|will|'d) ${words(1)}(?:miss|notice|care|even notice)\b.{0,25}\b(?:me|if i|i'?m gone|i was gone)`,
    'nobody no no1 noone',
  ),
  re(
    String.raw`\bif i (?:just )?(?:disappeared|vanished|was gone|were gone|died|(?:wasn'?t|weren'?t) (?:here|around|alive)|(?:didn'?t|never|don'?t) wake up)\b`,
    'if',
  ),
  re(
    String.raw`\bwish i could (?:just )?(?:disappear|vanish|not exist|stop existing|fade away|go away forever)`,
    'wish',
  ),
  re(
    String.raw`\b${IM} ${words(1)}(?:a burden|worthless|better off gone|done with (?:life|everything|it all)|so done|already (?:gone|dead))\b|\b${IM} done\b.{0,12}\b(?:with )?(?:everything|it all|life)\b`,
    'burden worthless better done already',
  ),
  re(
    String.raw`\b(?:a|such a) burden (?:on|to) (?:everyone|everybody|my family|them|people|you|all)\b`,
    'burden',
  ),
  re(
    String.raw`\b(?:i feel|feeling|everything (?:is|feels)|it'?s all|life (?:is|feels)) ${words(1)}(?:hopeless|pointless|meaningless)\b`,
    'hopeless pointless meaningless',
  ),
  re(
    String.raw`\bno (?:way out|way forward|future for me|hope left|light at the end)\b|\bno (?:reason|point) (?:for|to|in) (?:any of it|anything|it all)\b`,
    'no',
  ),
  re(
    String.raw`\bnothing(?:'s| is| will)? (?:ever )?(?:going to |gonna )?(?:get|gets) better\b|\b(?:don'?t|never) see (?:it|things|anything) (?:ever )?getting better\b`,
    'better',
  ),
  re(
    String.raw`\b(?:this is|that was) (?:my )?(?:goodbye|last message|final message)\b|\bgoodbye (?:forever|everyone|world|cruel world)\b|\bthe last time we'?ll (?:talk|speak)\b`,
    'goodbye last final',
  ),
  re(
    String.raw`\bi (?:won'?t|will not|wont) be (?:here|around) (?:much longer|for long|anymore)\b`,
    'here around',
  ),
  re(
    String.raw`\bgave away (?:all|most) (?:of )?my (?:stuff|things|belongings|possessions)|\bwon'?t need (?:it|them|this|that) where i'?m going\b`,
    'gave need',
  ),
  re(
    String.raw`\bdon'?t care (?:what happens to me|if i (?:live|die|wake up)|about living)\b`,
    'care',
  ),
  re(
    String.raw`\b(?:think(?:ing)?|thought) (?:about|of) (?:not being (?:here|alive|around)|not existing|disappearing|being dead|death|ending (?:things|it))\b`,
    'think thinking thought',
  ),
  re(
    String.raw`(?<!\bused to )\b(?:i|${IM}) ${words(2)}(?:hurt|cut) my ?self\b(?! (?:shaving|cooking|chopping|slicing|on (?:a|the|some|my)|while|with (?:a|the) (?:knife|paper|can)|by accident|accidentally|at (?:the )?(?:gym|work)|playing|working out))`,
    'hurt cut',
  ),
  re(String.raw`\bdon'?t (?:want|wanna) to be here (?:anymore|any longer)\b`, 'here'),
  re(
    String.raw`\bbetter off without me\b|\btried to (?:kill my ?self|end my life|take my (?:own )?life)\b`,
    'without tried',
  ),
];

/** Definite self-act patterns that, in a Story Mode action, may be the story's: asked again. */
const STORY_SOFTENED = plain(String.raw`\*[^*]{0,400}\*|"[^"]{0,400}"`);
/** The user steps out of the story: what follows is said as themselves. */
const OUT_OF_CHARACTER = plain(
  String.raw`\(\(|\booc\b|\birl\b|\bfor real\b|\bnot (?:roleplaying|rp|in character|joking)\b|\breal life\b`,
);

// ---- minors ---------------------------------------------------------------------------------

const AGE_WORD = String.raw`(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)`;
const MINOR_AGE = String.raw`(?:1[0-7]|${AGE_WORD})`;
/** A number that is not an age: "15 minutes away", "16 days sober", "5'4", "17 km". */
const NOT_AN_AGE = String.raw`(?!(?:[.,:/'"%°-]\d|['"%°])|\s?(?:minutes?|mins?|hours?|hrs?|h\b|days?|weeks?|wks?|months?|mo\b|years? (?:in|into|of|at|since|ago|later|clean|sober|married|together|with|deep)|yrs? (?:in|into|of|at)|percent|km|kms|miles?|mi\b|feet|foot|ft|inch|inches|cm|mm|m\b|kg|kgs|lbs?|pounds?|stone|dollars?|bucks|euros?|k\b|grand|times|pages?|points?|pts|levels?|chapters?|episodes?|eps?\b|steps?|floors?|stories|degrees|am\b|pm\b|o'?clock|th\b|st\b|nd\b|rd\b|x\b|of\b|out of|cents?|people|kids|cats|dogs|items?|tabs|shots|drinks|beers|min|seconds?|secs?|weeks?|in (?:line|the queue|a row)|for|to\b|(?:year|yr)s? (?:from|away|younger|older|behind|ahead)))`;

/** Anything worth a closer look for minors. */
const MINOR_WORDS = plain(
  String.raw`\b(?:1[0-8]|${AGE_WORD}|eighteen|grade|grd|school|freshman|sophomore|junior|minor|underage|under ?age|teen|kid|turning|turned|turn|year \d|form \d|sixth form|not legal|too young|age)`,
);

/** Said of someone else, or not as a fact: "people think I'm 15", "I act like I'm 15". */
const NOT_A_FACT = String.raw`(?<!['"])(?<!\b(?:when|since|while|back when|as if|like|if|think|thinks|thought|assume|assumes|assumed|guess|guessed|say|says|said|than|pretend|pretending|act like|feel like|look like|not) ${words(1)})`;

const MINOR_DEFINITE: Pattern[] = [
  // "I'm 15", "im 16 lol", "I am only fourteen", "i'm 15f", "I'm 15 years old"
  re(
    String.raw`${NOT_A_FACT}\b${IM} (?:only |just |barely |almost |nearly |like |literally |actually |still |currently |now )?${MINOR_AGE}(?:[fm]\b|\b)(?: ?(?:years? old\b|yrs? old\b|y\/?o\b|yo\b))?${NOT_AN_AGE}`,
    '10 11 12 13 14 15 16 17 18 ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen 10f 11f 12f 13f 14f 15f 16f 17f 10m 11m 12m 13m 14m 15m 16m 17m 13yo 14yo 15yo 16yo 17yo',
  ),
  // "I'm a 15 year old", "as a 16yo", "15 year old here", "15/f here"
  re(
    String.raw`${NOT_A_FACT}\b(?:${IM}|as|being) an? ${MINOR_AGE}[- ]?(?:years?|yrs?)?[- ]?(?:old|y\/?o|yo)\b(?!'?s\b| (?:mom|mother|dad|father|parent|teacher|sister|brother|son|daughter|kid|child)\b)`,
    '10 11 12 13 14 15 16 17 18 ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen 10f 11f 12f 13f 14f 15f 16f 17f 10m 11m 12m 13m 14m 15m 16m 17m 13yo 14yo 15yo 16yo 17yo',
  ),
  re(
    String.raw`(?:^|[.!?,] |\bhey |\bhi )${MINOR_AGE} ?(?:years? old|yrs? old|y\/?o|yo|[fm]|\/ ?[fm]) (?:here|btw|lol|girl|boy|guy|and)\b`,
    '10 11 12 13 14 15 16 17 18 ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen 10f 11f 12f 13f 14f 15f 16f 17f 10m 11m 12m 13m 14m 15m 16m 17m 13yo 14yo 15yo 16yo 17yo',
  ),
  re(
    String.raw`(?:^|\s)${MINOR_AGE} ?\/ ?[fm]\b`,
    '10 11 12 13 14 15 16 17 18 ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen 10f 11f 12f 13f 14f 15f 16f 17f 10m 11m 12m 13m 14m 15m 16m 17m 13yo 14yo 15yo 16yo 17yo',
  ),
  re(String.raw`\bmy age (?:is|=|:) ?${MINOR_AGE}\b${NOT_AN_AGE}`, 'age'),
  re(
    String.raw`(?<!\b(?:remember|miss|missed|when|like|about|imagine) )\bbeing ${MINOR_AGE}\b${NOT_AN_AGE} (?:sucks|is (?:hard|tough|the worst|so)|rn|right now|means|kinda|blows)`,
    '10 11 12 13 14 15 16 17 18 ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen 10f 11f 12f 13f 14f 15f 16f 17f 10m 11m 12m 13m 14m 15m 16m 17m 13yo 14yo 15yo 16yo 17yo',
  ),
  // "I'm turning 16 next month", "I'll finally be 18 in March" (so 17 now), "I just turned 15"
  re(
    String.raw`\b(?:${IM} (?:turning|gonna be|going to be)|i'?ll ${words(1)}be|i will ${words(1)}be|when i turn) (?:1[0-8]|${AGE_WORD}|eighteen)\b(?! (?:years (?:in|into|of)|minutes|hours|days))`,
    '10 11 12 13 14 15 16 17 18 ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen 10f 11f 12f 13f 14f 15f 16f 17f 10m 11m 12m 13m 14m 15m 16m 17m 13yo 14yo 15yo 16yo 17yo',
  ),
  re(
    String.raw`\bi (?:just )?turned ${MINOR_AGE}\b${NOT_AN_AGE}`,
    '10 11 12 13 14 15 16 17 18 ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen 10f 11f 12f 13f 14f 15f 16f 17f 10m 11m 12m 13m 14m 15m 16m 17m 13yo 14yo 15yo 16yo 17yo',
  ),
  // "I'm not 18 yet", "I'm underage", "I'm a minor"
  re(
    String.raw`\b${IM} (?:not (?:18|eighteen|an adult|legal|of age|old enough to (?:be here|use this|sign up))(?: yet)?|(?:still )?(?:under ?18|under ?age|underage)|(?:still )?a minor|(?:only|still) (?:a|in) (?:kid|child))\b`,
    'not under underage minor kid child',
  ),
  // Grades: "I'm in ninth grade", "im in 10th grade", "I'm in grade 9", "I'm in middle school"
  re(
    String.raw`\b${IM} ${words(1)}in (?:the )?(?:[5-9]th|10th|11th|fifth|sixth|seventh|eighth|ninth|tenth|eleventh) (?:grade|grd)\b`,
    'grade grd',
  ),
  re(String.raw`\b${IM} ${words(1)}in grade (?:[5-9]|1[01])\b`, 'grade'),
  re(
    String.raw`\b${IM} ${words(1)}in (?:middle school|junior high|jr\.? high|elementary(?: school)?|primary school|grade school|year (?:[5-9]|1[01])|form [1-5]|my (?:freshman|sophomore|junior) year of high school)\b`,
    'school junior jr elementary year form',
  ),
  re(
    String.raw`\bin my (?:first|second|third|1st|2nd|3rd|freshman|sophomore|junior) year (?:of|in|at) (?:high school|hs|highschool|middle school|secondary school)\b`,
    'year',
  ),
  re(
    String.raw`\b${IM} (?:a |an )?(?:high school |hs |highschool )?(?:freshman|sophomore|junior) (?:in |at )?(?:high school|hs|highschool)\b|\b${IM} (?:a |an )?(?:high school|hs|highschool|middle school) (?:freshman|sophomore|junior|kid)\b`,
    'freshman sophomore junior school highschool hs',
  ),
  re(
    String.raw`\bpick(?:ing|s)? me up (?:from|after) (?:middle school|junior high|elementary|grade school)\b`,
    'pick picking picks',
  ),
];

const MINOR_BORDERLINE: Pattern[] = [
  re(
    String.raw`\b${IM} ${words(1)}in (?:the )?(?:12th|twelfth) (?:grade|grd)\b|\b${IM} ${words(1)}in grade 12\b`,
    '12th twelfth 12',
  ),
  re(
    String.raw`\b${IM} ${words(1)}(?:in|still in|going to|at) (?:high school|highschool|hs|secondary school|sixth form|year 1[23])\b`,
    'school highschool hs form year',
  ),
  re(
    String.raw`\b${IM} (?:a |an )?(?:high school|hs|highschool) (?:senior|student)\b|\b${IM} a senior in (?:high school|hs)\b`,
    'school highschool hs senior',
  ),
  re(
    String.raw`${NOT_A_FACT}\b${IM} (?:just |only |still )?(?:a )?(?:teenager|teen|kid)\b(?! at heart)`,
    'teen teenager kid',
  ),
  re(String.raw`\b${IM} too young to (?:drive|vote|drink|be here|sign|work|date)\b`, 'young'),
  re(String.raw`\b(?:at|from|after) my (?:middle school|junior high)\b`, 'middle junior'),
];

/** A bare age beside a borderline statement ("still in high school, a senior, 17"). */
const BARE_MINOR_AGE = plain(String.raw`(?:^|[\s,])${MINOR_AGE}(?:[\s,.!]|$)${NOT_AN_AGE}`);

// ---- the screen -----------------------------------------------------------------------------

const anyOf = (patterns: Pattern[], doc: Doc) => patterns.some((p) => p.test(doc));

/** How the message reads as a whole: a story's, and whether it opens with an action. */
interface Reading {
  story: boolean;
  opensWithAction: boolean;
}

function screenCrisis(doc: Doc, reading: Reading): CrisisVerdict {
  for (const pattern of CRISIS_DEFINITE) {
    const match = pattern.exec(doc);
    if (!match) continue;
    // In a story, words inside an action (*…*) or a line of dialogue ("…") may be a
    // character's: the model is asked, unless the user stepped out of character.
    if (reading.story && (insideStoryPart(doc.text, match.index) || reading.opensWithAction)) {
      return 'borderline';
    }
    return 'crisis';
  }
  return anyOf(CRISIS_BORDERLINE, doc) ? 'borderline' : 'none';
}

function insideStoryPart(text: string, at: number): boolean {
  const parts = new RegExp(STORY_SOFTENED.source, 'gu');
  for (let m = parts.exec(text); m; m = parts.exec(text)) {
    if (at >= m.index && at < m.index + m[0].length) return true;
  }
  return false;
}

function screenMinor(doc: Doc, reading: Reading): MinorVerdict {
  // In a story "I'm 15" may be a role; the model reads it (and refuses the role anyway).
  if (anyOf(MINOR_DEFINITE, doc)) return reading.story ? 'borderline' : 'minor';
  if (!anyOf(MINOR_BORDERLINE, doc)) return 'none';
  return BARE_MINOR_AGE.test(doc.text) && !reading.story ? 'minor' : 'borderline';
}

/** The rule's answer for one user message. */
export function screenMessage(message: string, mode: ScreenMode = 'chat'): MessageScreen {
  const text = normalizeForScreening(message);
  const reading: Reading = {
    story: mode === 'story' && !OUT_OF_CHARACTER.test(text),
    opensWithAction: /^\s*\*/u.test(text),
  };
  const doc = docOf(text);
  const crisis = screenCrisis(doc, reading);
  const minor = MINOR_WORDS.test(text) ? screenMinor(doc, reading) : 'none';
  if (crisis === 'none' && minor === 'none') return NOTHING_FOUND;
  return { crisis, minor };
}
