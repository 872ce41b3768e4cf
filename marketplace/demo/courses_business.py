"""Demo courses in Business and Marketing. Prices are whole naira."""

from __future__ import annotations

from marketplace.demo.records import DemoCourse as C

BUSINESS_COURSES: tuple[C, ...] = (
    C(
        title="Bookkeeping for Small Business Owners",
        instructor="aisha",
        categories=("Business",),
        price=7_500,
        original_price=10_000,
        level="Beginner",
        hours=6,
        description=(
            "Know exactly where your money goes. This course teaches simple, reliable bookkeeping for traders, "
            "caterers, salons and online shops, using a notebook, a spreadsheet or a free app."
        ),
        lessons=(
            "Why most small businesses lose track of money | Separating business and personal money | Recording "
            "sales and expenses | Cash, transfers and POS payments | Receipts and invoices | Reconciling with your "
            "bank statement | Understanding profit and loss | Tracking stock | Paying yourself a salary | Getting "
            "ready for tax"
        ),
    ),
    C(
        title="How to Price Your Products and Services",
        instructor="aisha",
        categories=("Business", "Marketing"),
        price=9_000,
        original_price=None,
        level="Beginner",
        hours=5,
        description=(
            "Charge what you are worth and still sell. Learn cost-based, value-based and competitive pricing, how "
            "to raise prices without losing customers, and how inflation should change your numbers."
        ),
        lessons=(
            "The true cost of what you sell | Cost-plus pricing | Value-based pricing | Looking at your competitors "
            "| Pricing services and your time | Discounts that do not hurt | Raising prices during inflation | "
            "Presenting prices to customers"
        ),
    ),
    C(
        title="Writing a Business Plan Investors Will Read",
        instructor="aisha",
        categories=("Business",),
        price=25_000,
        original_price=None,
        level="Intermediate",
        hours=8,
        description=(
            "Write a clear, convincing business plan for a bank loan, a grant or an investor. You will use a "
            "template refined over years of coaching founders, with examples from funded Nigerian businesses."
        ),
        lessons=(
            "What investors and banks look for | The executive summary | Describing the problem and your solution | "
            "Market research on a budget | Competition and your advantage | Marketing and sales plan | Operations "
            "and team | Financial projections | Funding request and use of funds | Risks and how you will manage "
            "them | Pitching your plan"
        ),
    ),
    C(
        title="Personal Finance: Budgeting, Saving and Investing in Nigeria",
        instructor="aisha",
        categories=("Business",),
        price=5_000,
        original_price=None,
        level="Beginner",
        hours=5,
        description=(
            "Take control of your money in a high-inflation economy. Build a budget that works, create an emergency "
            "fund, understand treasury bills, money market funds and stocks, and avoid the schemes that promise too "
            "much."
        ),
        lessons=(
            "Your money story | Building a budget you can keep | Cutting costs without misery | The emergency fund "
            "| Getting out of debt | Savings options compared | Treasury bills and money market funds | Investing "
            "in the Nigerian Stock Exchange | Spotting Ponzi schemes"
        ),
    ),
    C(
        title="Social Media Marketing for Small Businesses",
        instructor="emeka",
        categories=("Marketing", "Business"),
        price=10_000,
        original_price=15_000,
        level="Beginner",
        hours=7,
        description=(
            "Grow your business on Instagram, Facebook, TikTok and WhatsApp without a big budget. Learn what to "
            "post, when to post and how to turn followers into paying customers."
        ),
        lessons=(
            "Choosing the right platforms | Knowing your customer | Setting up business profiles | Planning a "
            "content calendar | Taking good product photos with a phone | Writing captions that sell | Short videos "
            "and Reels | WhatsApp Business catalogues | Working with influencers | Responding to comments and "
            "complaints | Measuring what works | Your 30-day plan"
        ),
    ),
    C(
        title="Facebook and Instagram Ads That Convert",
        instructor="emeka",
        categories=("Marketing",),
        price=28_000,
        original_price=None,
        level="Intermediate",
        hours=9,
        description=(
            "Stop boosting posts and start running ads that make money. You will set up Meta Business Manager, "
            "target the right people, write ads that get clicks and read the numbers that matter."
        ),
        lessons=(
            "How Meta ads really work | Setting up Business Manager and the pixel | Campaign objectives explained | "
            "Targeting: interests, lookalikes and retargeting | Budgets and bidding | Writing ad copy | Images and "
            "video creatives | Lead ads and WhatsApp ads | Reading the ads dashboard | Cost per result and ROAS | "
            "A/B testing | Scaling a winning campaign | Common mistakes that waste money | Case study: a fashion "
            "brand in Aba"
        ),
    ),
    C(
        title="Google Ads and SEO: Get Found Online",
        instructor="emeka",
        categories=("Marketing",),
        price=32_000,
        original_price=None,
        level="Intermediate",
        hours=11,
        description=(
            "Be the business people find when they search. Learn search engine optimisation for long-term free "
            "traffic and Google Ads for customers today, with local SEO for businesses that serve one city."
        ),
        lessons=(
            "How search engines work | Keyword research | On-page SEO | Writing content that ranks | Technical SEO "
            "basics | Local SEO and Google Business Profile | Getting backlinks | Google Ads account setup | Search "
            "campaigns | Keywords and match types | Writing search ads | Landing pages that convert | Conversion "
            "tracking | Optimising your campaigns | Reporting to clients"
        ),
    ),
    C(
        title="Copywriting: Words That Sell",
        instructor="halima",
        categories=("Marketing",),
        price=12_500,
        original_price=None,
        level="Beginner",
        hours=6,
        description=(
            "Write headlines, product descriptions, emails and social posts that make people act. Simple formulas, "
            "many examples and plenty of practice."
        ),
        lessons=(
            "What copywriting is | Know your reader | Headlines that get attention | Features versus benefits | The "
            "AIDA and PAS formulas | Writing product descriptions | Social media captions | Sales pages | Editing "
            "your own writing | Building a swipe file"
        ),
    ),
    C(
        title="Email Marketing: Build a List and Keep It Warm",
        instructor="halima",
        categories=("Marketing",),
        price=14_000,
        original_price=None,
        level="Intermediate",
        hours=6,
        description=(
            "Email is still the channel you own. Grow a list of real subscribers, write newsletters people open and "
            "set up automated sequences that sell while you sleep."
        ),
        lessons=(
            "Why email still wins | Choosing an email tool | Lead magnets | Sign-up forms and landing pages | "
            "Writing a welcome sequence | Newsletters people look forward to | Subject lines and open rates | "
            "Automations and segments | Measuring and cleaning your list"
        ),
    ),
    C(
        title="Build a Personal Brand on LinkedIn and X",
        instructor="halima",
        categories=("Marketing",),
        price=8_000,
        original_price=None,
        level="Beginner",
        hours=4,
        description=(
            "Become known for what you do best. Optimise your profiles, post consistently without burning out and "
            "turn your audience into job offers, clients and partnerships."
        ),
        lessons=(
            "Why a personal brand matters | Finding your niche | Optimising your LinkedIn profile | Writing posts "
            "people share | Building a simple content routine | Engaging and networking | Turning attention into "
            "opportunities"
        ),
    ),
)
