"""The course pages of the demo catalog's business courses (courses_business.py); see course_pages."""

from __future__ import annotations

from marketplace.demo.records import DemoCoursePage as P

BUSINESS_PAGES: dict[str, P] = {
    "Bookkeeping for Small Business Owners": P(
        subtitle="Know where every naira goes, with a notebook, a spreadsheet or a free app",
        language="Hausa",
        learn=(
            "Record sales, expenses and debts the same simple way every day",
            "Separate business money from personal money",
            "Work out your real profit at the end of each month",
            "Keep records that a bank or tax office will accept",
        ),
        requirements=(
            "Basic reading and arithmetic; no accounting background needed",
            "A notebook, or a phone or computer with a spreadsheet app",
        ),
        audience=(
            "Traders, caterers, salon owners and online sellers",
            "Anyone starting a small business who wants to keep it healthy",
        ),
    ),
    "How to Price Your Products and Services": P(
        subtitle="Charge what you are worth and still sell, even when inflation keeps moving",
        learn=(
            "Calculate your true costs, including the ones most owners forget",
            "Choose between cost-based, value-based and competitive pricing",
            "Raise prices without losing your best customers",
            "Adjust your prices for inflation and exchange-rate changes",
        ),
        requirements=(
            "You sell, or plan to sell, a product or service",
            "Basic arithmetic and a calculator or spreadsheet",
        ),
        audience=(
            "Small business owners and freelancers",
            "Artisans and makers who are unsure what to charge",
        ),
    ),
    "Writing a Business Plan Investors Will Read": P(
        subtitle="A proven template for bank loans, grants and investors, with funded Nigerian examples",
        learn=(
            "Describe your business, market and customers in plain, convincing words",
            "Size your market with numbers you can defend",
            "Build three-year financial projections from simple assumptions",
            "Tailor your plan to a bank, a grant programme or an investor",
            "Present your plan in a short pitch deck",
        ),
        requirements=(
            "A business idea or an existing business",
            "Microsoft Word or Google Docs, and a spreadsheet",
        ),
        audience=(
            "Founders applying for loans, grants or investment",
            "Entrepreneurs preparing for programmes such as the Tony Elumelu Foundation",
        ),
    ),
    "Personal Finance: Budgeting, Saving and Investing in Nigeria": P(
        subtitle="Protect your money from inflation with a budget, an emergency fund and sound investments",
        learn=(
            "Build a monthly budget you can actually keep",
            "Create an emergency fund and get out of expensive debt",
            "Understand treasury bills, money market funds and Nigerian stocks",
            "Spot Ponzi schemes and investments that promise too much",
            "Plan for big goals such as rent, school fees and retirement",
        ),
        requirements=(
            "No finance knowledge needed",
            "Your own income and expense figures for the exercises (kept private)",
        ),
        audience=(
            "Young professionals earning their first salaries",
            "Families who want their savings to keep their value",
        ),
    ),
    "Social Media Marketing for Small Businesses": P(
        subtitle="Grow on Instagram, Facebook, TikTok and WhatsApp without a big budget",
        language="Nigerian Pidgin",
        learn=(
            "Plan a month of posts your customers want to see",
            "Take good product photos and short videos with your phone",
            "Use WhatsApp Business catalogues and status to sell",
            "Turn followers into paying customers with clear calls to action",
            "Read your insights to know what is working",
        ),
        requirements=(
            "A smartphone with Instagram, Facebook or WhatsApp Business",
            "A business or product to promote",
        ),
        audience=(
            "Small business owners who sell online",
            "Social media managers starting out",
        ),
    ),
    "Facebook and Instagram Ads That Convert": P(
        subtitle="Stop boosting posts: run Meta ads that bring real sales",
        learn=(
            "Set up Meta Business Manager, ad accounts and the Pixel correctly",
            "Target the right audiences, including lookalikes and retargeting",
            "Write ad copy and design creatives that get clicks",
            "Read cost per result and return on ad spend, and cut what does not work",
        ),
        requirements=(
            "A Facebook page or Instagram business account",
            "A small test budget (from about NGN 5,000)",
        ),
        audience=(
            "Business owners who boost posts with little result",
            "Freelance marketers who want to manage ads for clients",
        ),
    ),
    "Google Ads and SEO: Get Found Online": P(
        subtitle="Free traffic from search and paying customers from Google Ads",
        learn=(
            "Find the keywords your customers really type",
            "Improve your website's pages so Google ranks them higher",
            "Set up Google Business Profile for local search and Maps",
            "Create search campaigns that bring leads at a cost you control",
            "Track results with Google Analytics",
        ),
        requirements=(
            "A website you can edit, or a plan to build one",
            "A Google account",
        ),
        audience=(
            "Business owners who want customers to find them on Google",
            "Website owners and bloggers",
        ),
    ),
    "Copywriting: Words That Sell": P(
        subtitle="Headlines, product descriptions and posts that make people act",
        learn=(
            "Write headlines that stop the scroll",
            "Use proven formulas such as AIDA and problem-agitate-solve",
            "Describe products by the benefits customers care about",
            "Edit your writing until it is short, clear and persuasive",
        ),
        requirements=(
            "Good everyday English",
            "No marketing experience needed",
        ),
        audience=(
            "Business owners who write their own adverts",
            "Aspiring copywriters and content writers",
        ),
    ),
    "Email Marketing: Build a List and Keep It Warm": P(
        subtitle="Grow a list you own and send emails people open and act on",
        learn=(
            "Attract real subscribers with a simple lead magnet",
            "Choose and set up an email tool such as Mailchimp or MailerLite",
            "Write newsletters with subject lines people open",
            "Build automated welcome and sales sequences",
        ),
        requirements=(
            "A business, blog or personal brand to promote",
            "A free account with an email marketing tool",
        ),
        audience=(
            "Online sellers and coaches",
            "Marketers who want a channel they do not rent from social media",
        ),
    ),
    "Build a Personal Brand on LinkedIn and X": P(
        subtitle="Become known for what you do best, and turn attention into opportunities",
        learn=(
            "Write a profile and headline that show what you do and for whom",
            "Find your topics and post consistently without burning out",
            "Grow a network of people who can hire, refer or partner with you",
            "Turn your audience into job offers, clients and speaking invitations",
        ),
        requirements=(
            "A LinkedIn or X account",
            "Something you know and enjoy talking about",
        ),
        audience=(
            "Professionals looking for their next role",
            "Freelancers and consultants who need a steady flow of clients",
        ),
    ),
}
